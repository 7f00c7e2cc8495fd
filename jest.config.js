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
  // wait on child processes (emulator, Chromium, git) as much as they compute, so two share it.
  maxWorkers: 2,
  projects: [
    project('unit', ['unit']),
    project('integration', ['integration', 'emulator', 'runtime', 'reliability']),
    project('browser', ['browser']),
  ],
};
