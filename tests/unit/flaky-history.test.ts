// The flaky-test record of npm test (scripts/flaky-history.mjs): a test that needed its
// retry in two of the last five full runs fails the run; once is forgiven.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { recordFlakyRun } from '../../scripts/flaky-history.mjs';

const historyIn = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flaky-')), 'history.json');

it('forgives a test flaky once, and fails it when flaky again within five runs', () => {
  const file = historyIn();
  expect(recordFlakyRun(['a > waits'], file)).toEqual([]);
  for (let run = 0; run < 3; run++) expect(recordFlakyRun([], file)).toEqual([]);
  expect(recordFlakyRun(['a > waits', 'b > new'], file)).toEqual(['a > waits']);
});

it('forgets runs older than the last five', () => {
  const file = historyIn();
  recordFlakyRun(['a > waits'], file);
  for (let run = 0; run < 4; run++) recordFlakyRun([], file);
  expect(recordFlakyRun(['a > waits'], file)).toEqual([]);
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).runs).toHaveLength(5);
});

it('counts a test flaky on two databases in one run once', () => {
  const file = historyIn();
  expect(recordFlakyRun(['a > waits', 'a > waits'], file)).toEqual([]);
});
