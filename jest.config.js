/**
 * One jest run, tests in kinds (test/unit, test/integration, test/stack). Integration tests
 * share one DynamoDB Local process started by the global setup; each test file makes its own
 * table. ts-jest transpiles TypeScript, and middy's ESM-only packages, to CommonJS.
 */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  transform: {
    '^.+\\.[tj]s$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', allowJs: true, verbatimModuleSyntax: false } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@middy)/)'],
  moduleNameMapper: {
    '^#shared/(.*)$': '<rootDir>/shared/$1',
    '^#functions/(.*)$': '<rootDir>/functions/$1',
    '^#local/(.*)$': '<rootDir>/local/$1',
    '^#test/(.*)$': '<rootDir>/test/$1',
  },
  testTimeout: 30000,
  maxWorkers: 2,
};
