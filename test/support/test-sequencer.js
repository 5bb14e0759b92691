/**
 * Jest's order, with the files known to be long started first. Jest orders by the durations it
 * remembers in its cache; a fresh clone (CI, a new user) has none, and the short soak, mostly
 * waiting for real time, would start last and end the run alone. Named here, it starts at once and
 * its waiting overlaps every other file.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FIRST = ['test/slow/soak-short.test.ts', 'test/deployed/deployed-stack.test.ts'];

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
