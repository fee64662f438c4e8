// Which tests needed their retry in the last full `npm test` runs, kept outside the
// clone (CI runs each time on a fresh clone, on the same machine). A test flaky in two
// of the last five runs fails the run: one retry may absorb a rare stall of a shared
// machine, never a check that fails often.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS_KEPT = 5;
const FLAKY_RUNS_THAT_FAIL = 2;

export const defaultHistoryFile = () => process.env.PETSTORE_TEST_HISTORY ?? path.join(os.homedir(), '.cache', 'petstore', 'flaky-tests.json');

/**
 * Records this run's flaky tests and returns those flaky in enough of the last runs, this one included.
 * @param {string[]} flaky the names ("file > title") of this run's tests that passed on their retry
 * @param {string} [file]
 * @returns {string[]}
 */
export function recordFlakyRun(flaky, file = defaultHistoryFile()) {
  /** @type {{ at: string, flaky: string[] }[]} */
  let runs = [];
  try {
    runs = JSON.parse(fs.readFileSync(file, 'utf8')).runs ?? [];
  } catch {
    // No history yet, or an unreadable one: this run starts it.
  }
  const earlier = runs.slice(-(RUNS_KEPT - 1));
  const names = [...new Set(flaky)];
  const repeated = names.filter((name) => 1 + earlier.filter((run) => run.flaky.includes(name)).length >= FLAKY_RUNS_THAT_FAIL);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ runs: [...earlier, { at: new Date().toISOString(), flaky: names }] }, null, 2));
  return repeated;
}
