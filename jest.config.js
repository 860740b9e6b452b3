/**
 * One jest run for the whole workspace. Tests sit beside the code (`*.test.ts(x)`). The node project
 * shares one throwaway Temporal dev server (jest/global-setup.mjs) whose address arrives in
 * TEMPORAL_TEST_ADDRESS; each test file uses its own task queue and, through createTestDb(), its own
 * database.
 */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }];
module.exports = {
  globalSetup: '<rootDir>/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/jest/global-teardown.mjs',
  testTimeout: 60000,
  reporters: ['<rootDir>/jest/quiet-reporter.js', 'summary'],
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/domain/src',
        '<rootDir>/persistence/src',
        '<rootDir>/adapters/src',
        '<rootDir>/workflows/src',
        '<rootDir>/activities/src',
        '<rootDir>/worker/src',
        '<rootDir>/api/src',
        '<rootDir>/server/src',
        '<rootDir>/bench',
        '<rootDir>/security',
        '<rootDir>/scripts',
      ],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', 'production-stack\\.test\\.ts$'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFiles: ['<rootDir>/jest/node-setup.js'],
    },
    {
      // The production stack (a Temporal cluster, Postgres, 2 workers, 2 API processes and a 200-certificate
      // flood) takes both cores for minutes: it runs alone, after the other node and ui tests.
      displayName: 'stack',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/src'],
      testMatch: ['**/production-stack.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFiles: ['<rootDir>/jest/node-setup.js'],
    },
    {
      displayName: 'ui',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/ui/src'],
      testMatch: ['**/*.test.tsx', '**/*.test.ts'],
      transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/ui/tsconfig.test.json', diagnostics: false }] },
      setupFiles: ['<rootDir>/jest/ui-polyfills.js'],
      setupFilesAfterEnv: ['<rootDir>/jest/ui-setup.js'],
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/jest/file-stub.js' },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      setupFiles: ['<rootDir>/jest/node-setup.js'],
    },
  ],
};
