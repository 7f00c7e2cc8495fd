/** @type {import('jest').Config} */
const transform = { '^.+\\.(ts|mjs)$': '<rootDir>/scripts/jest-esbuild-transform.cjs' };
const project = (displayName, roots) => ({
  displayName,
  testEnvironment: 'node',
  roots: roots.map((r) => `<rootDir>/test/${r}`),
  testMatch: ['**/*.test.ts'],
  transform,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
});

// `npx jest --selectProjects unit` runs the pure layers alone in seconds.
module.exports = {
  testTimeout: 60000,
  // Jest's default is one worker fewer than the cores: one on this 2-core machine. The suites
  // wait on child processes (Chromium, git, npm, builds) a good part of the time, so three share
  // it (130 s against 152 s for two, quiet). An execution's time limit counts its own work, not
  // the time its worker waited for a core (executionClock 'work', dev/gas-runtime/clock.ts), so
  // a busy machine cannot push a big list past a custom function's 30 s.
  maxWorkers: 3,
  // Every execution of the bundle is a V8 context of its own, and a worker's heap grew to 1.7 GB
  // over the files it ran, its collector then busy in every test: a worker past 1 GB after a file
  // is replaced (heaps now stay near 1 GB; the whole run measured as fast).
  workerIdleMemoryLimit: '1GB',
  projects: [
    project('unit', ['unit']),
    project('integration', ['integration', 'emulator', 'runtime', 'reliability']),
    project('browser', ['browser']),
  ],
};
