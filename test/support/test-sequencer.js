/**
 * Jest's order, with the files known to be long started first. Jest orders by the durations it
 * remembers in its cache; a fresh clone (CI, a new user) has none, and a long file started last
 * ends the run alone. Named here, each starts at once and its waiting overlaps the short files.
 * The list spans the lanes (jest.config.js): a lane's run takes the ones it holds, in this order.
 * Measured per file: docs/decisions/0131-test-lanes.md.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FIRST = [
  // slow: mostly waiting for real time (posts a minute ahead, claim leases after kills)
  'test/slow/soak-short.test.ts',
  // aws: one synth with real bundles, then the walk through the emulated account
  'test/aws-emulation/deployed-stack.test.ts',
  // stack: aws-cdk-lib and cdk-nag over every template
  'test/stack/service-templates.test.ts',
  // integration: the longest files, each past a minute on a loaded machine
  'test/integration/store-fault-write-paths.test.ts',
  'test/integration/bluesky-publisher.test.ts',
  'test/integration/preview-matches-publisher.test.ts',
  'test/integration/openapi-contract.test.ts',
  'test/integration/bad-input-corpus.test.ts',
  'test/slow/platform-faults.test.ts',
];

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const index = LONG_FIRST.findIndex((suffix) => test.path.replace(/\\/g, '/').endsWith(suffix));
      return index < 0 ? LONG_FIRST.length : index;
    };
    const ordered = super.sort(tests);
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirstSequencer;
