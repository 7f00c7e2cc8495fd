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
  // wait on child processes (Chromium, git, npm, builds) a good part of the time, so two share
  // it. Three measured faster quiet (130 s against 152 s for npm test) but, with both cores kept
  // busy, pushed the 50,000-row VIS_SCORE of reliability.test.ts past the 30 s a custom function
  // has (the runtime's clock is wall time plus virtual advances).
  maxWorkers: 2,
  projects: [
    project('unit', ['unit']),
    project('integration', ['integration', 'emulator', 'runtime', 'reliability']),
    project('browser', ['browser']),
  ],
};
