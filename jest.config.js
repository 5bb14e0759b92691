/**
 * One jest run, tests in kinds (test/unit, test/integration, test/stack). Integration tests
 * share one DynamoDB Local process started by the global setup; each test file makes its own
 * table. ts-jest transpiles TypeScript, and middy's ESM-only packages, to CommonJS.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// The suite-wide secret grep (test/support/secret-registry.ts): one folder per run, made here,
// in the process that starts the workers, so they inherit it; the global teardown removes it.
process.env.SPS_SECRET_SCAN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sps-secret-scan-'));

// The in-process Bluesky PDS (@atproto/dev-env) runs on SQLite through better-sqlite3 12, whose
// objects abort the process when garbage-collected outside JavaScript on Node.js 24.19+ (Node added
// environment cleanup hooks to node::ObjectWrap; a build against those headers trips them). Version 13
// (Node-API, prebuilt) has no such objects but crashes on Node.js 20: each Node gets the build that works
// on it. docs/decisions.md, "Node.js versions and the test browser".
const nodeMajor = Number(process.versions.node.split('.')[0]);
const sqliteForThisNode = nodeMajor >= 24 ? { '^better-sqlite3$': require.resolve('better-sqlite3-napi') } : {};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testSequencer: '<rootDir>/test/support/test-sequencer.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Tees every worker's output for the teardown's secret grep.
  setupFiles: ['<rootDir>/test/support/log-sink.ts', '<rootDir>/test/support/wire-local-ports.ts'],
  transform: {
    '^.+\\.[tj]s$': [
      'ts-jest',
      { tsconfig: { module: 'commonjs', moduleResolution: 'node10', allowJs: true, verbatimModuleSyntax: false } },
    ],
  },
  // ESM-only packages: middy, and htmlparser2 with its family (link-card metadata).
  transformIgnorePatterns: ['/node_modules/(?!(@middy|htmlparser2|domhandler|domutils|domelementtype|dom-serializer|entities)/)'],
  moduleNameMapper: {
    '^#shared/(.*)$': '<rootDir>/shared/$1',
    '^#functions/(.*)$': '<rootDir>/functions/$1',
    '^#local/(.*)$': '<rootDir>/local/$1',
    '^#test/(.*)$': '<rootDir>/test/$1',
    ...sqliteForThisNode,
  },
  testTimeout: 30000,
  // Four on a 2-core machine: the short soak (test/integration/soak-short.test.ts) spends about three
  // minutes mostly waiting for real time (posts at least 65 s ahead, claim leases after kills), and
  // other files wait on child processes and timers; with two workers a core sat idle that long
  // (measured on an idle machine: 3 workers 4:05, 4 workers 3:32 for the whole npm test).
  maxWorkers: 4,
};
