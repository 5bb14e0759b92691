/**
 * The suite in lanes, one jest project each, by folder (docs/decisions/0131-test-lanes.md):
 *
 *   unit         test/unit          pure code and in-process doubles: no DynamoDB Local
 *   integration  test/integration   the service in process (or `npm start`) against DynamoDB Local
 *   stack        test/stack         the CDK app synthesized and its template read: no DynamoDB Local
 *   aws          test/aws-emulation an emulation of the AWS account running the synthesized bundles
 *   browser      test/browser       the dashboard in the packaged Chromium
 *   slow         test/slow          soak, crash and end-to-end tests that mostly wait for real time
 *
 * `npm test` runs every lane but slow, `npm run test:all` (or a bare `npx jest`) all of them,
 * `npm run test:<lane>` one: the scripts name their lanes in SPS_TEST_LANES (below) rather than with
 * `--selectProjects`, whose list would swallow a file name given after it (`npm test -- <file>`).
 * Each lane's global setup starts only what it needs; every lane has the
 * per-run TMPDIR and the secret grep of all output in the teardown. ts-jest transpiles TypeScript,
 * and middy's ESM-only packages, to CommonJS.
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
// on it. docs/decisions/0015-node-js-versions-and-the-test-browser.md.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const sqliteForThisNode = nodeMajor >= 24 ? { '^better-sqlite3$': require.resolve('better-sqlite3-napi') } : {};

/** What every lane shares: how files are transformed and resolved, the per-worker set-up, the teardown. */
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
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
};

/** The run's temp folder and the validators only. */
const withoutStore = '<rootDir>/test/support/global-setup.ts';
/** The same, and one DynamoDB Local for every file of the lanes that take this. */
const withStore = '<rootDir>/test/support/global-setup-dynamodb.ts';

const lane = (displayName, folder, globalSetup) => ({
  ...common,
  displayName,
  roots: [`<rootDir>/test/${folder}`],
  globalSetup,
});

/**
 * Files that live beside their lane's code but run in the slow lane: each takes minutes of a 2-core machine's
 * time and grows with the service, not with what a change touches. deployed-stack bundles every function with
 * esbuild (95 of them) and walks an emulated account (189 s in a full run); store-fault-write-paths injects a
 * store fault into every write path (72 s). CI runs them with the slow lane (docs/decisions/0332-npm-test-budget.md).
 */
const RUN_IN_SLOW_LANE = ['test/aws-emulation/deployed-stack.test.ts', 'test/integration/store-fault-write-paths.test.ts'];
const inSlowLane = RUN_IN_SLOW_LANE.map((file) => `<rootDir>/${file}`);

const lanes = [
  lane('unit', 'unit', withoutStore),
  { ...lane('integration', 'integration', withStore), testPathIgnorePatterns: ['/node_modules/', ...RUN_IN_SLOW_LANE] },
  lane('stack', 'stack', withoutStore),
  { ...lane('aws', 'aws-emulation', withStore), testPathIgnorePatterns: ['/node_modules/', ...RUN_IN_SLOW_LANE] },
  lane('browser', 'browser', withStore),
  {
    ...lane('slow', 'slow', withStore),
    roots: ['<rootDir>/test/slow', '<rootDir>/test/aws-emulation', '<rootDir>/test/integration'],
    testMatch: ['<rootDir>/test/slow/**/*.test.ts', ...inSlowLane],
  },
];

/** The lanes SPS_TEST_LANES names (comma-separated), every lane when it is unset. */
function selectedLanes() {
  const names = (process.env.SPS_TEST_LANES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return lanes;
  const known = lanes.map((project) => project.displayName);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`SPS_TEST_LANES names no lane ${unknown.join(', ')}; the lanes are ${known.join(', ')}`);
  return lanes.filter((project) => names.includes(project.displayName));
}

/** @type {import('jest').Config} */
module.exports = {
  projects: selectedLanes(),
  testSequencer: '<rootDir>/test/support/test-sequencer.js',
  testTimeout: 30000,
  // Four on a 2-core machine: many files mostly wait (child processes starting, claim leases,
  // timers, the synth's esbuild children), so two workers leave a core idle (measured on an idle
  // machine when the short soak was still in npm test: 3 workers 4:05, 4 workers 3:32).
  maxWorkers: 4,
};
