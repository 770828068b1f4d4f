// The order jest's workers take the test files in. Jest's own (failed first, then longest first,
// by the last run's times or else by file size), with one change: the browser journeys run one
// file at a time on each of the run's stacks (test/e2e/support/journeyEnvironment.ts), and they
// are the files that wait most (for pages, polls, devices) and compute least. So between two
// journeys come other files worth about as long as the first: the waits of one worker's journey
// leave the cores to the other worker's files, and the journeys spread over the whole run.
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Milliseconds a file of each project takes per byte of its source, when the last run's time is
 * unknown (a fresh clone), as measured on the two-core machine; other projects count as 'web'.
 */
const MS_PER_BYTE = { e2e: 4, server: 0.8, scripts: 1.5, web: 0.35 };

const project = (test) => test.context.config.displayName?.name ?? '';

class JourneysApartSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const estimate = (test) =>
      test.duration ?? (test.context.hasteFS.getSize(test.path) ?? 0) * (MS_PER_BYTE[project(test)] ?? MS_PER_BYTE.web);
    const journeys = sorted.filter((test) => project(test) === 'e2e');
    const others = sorted.filter((test) => project(test) !== 'e2e');
    const order = [];
    let journeyTime = 0;
    let otherTime = 0;
    while (journeys.length > 0 || others.length > 0) {
      const next = others.length === 0 || (journeys.length > 0 && journeyTime <= otherTime) ? journeys : others;
      const test = next.shift();
      if (next === journeys) journeyTime += estimate(test);
      else otherTime += estimate(test);
      order.push(test);
    }
    return order;
  }
}

module.exports = JourneysApartSequencer;
