/**
 * Jest's order of test files, longest first, so that two workers finish together (the run's wall time is the
 * later worker's). Jest knows durations from its cache after a run on the same machine and then orders by them
 * (its default); on a clean clone (CI) it has none and orders by file size, which puts a 5-minute browser file
 * behind dozens of long but quick service files. A browser file (`describeWithBrowser`: a whole platform and
 * Chromium, 1-5 minutes) is the longest kind whatever its size, so without durations those go first.
 */
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const startsBrowser = (path) => readFileSync(path, 'utf8').includes('describeWithBrowser');

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.every((t) => t.duration != null)) return sorted;
    const browser = new Map(sorted.map((t) => [t.path, t.duration == null && startsBrowser(t.path)]));
    // Array.prototype.sort is stable: within each group jest's own order (failed first, then durations or size) stays.
    return sorted.sort((a, b) => Number(browser.get(b.path)) - Number(browser.get(a.path)));
  }
}

module.exports = LongestFirst;
