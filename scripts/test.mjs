// `npm test`: builds the production app, runs the unit tests, the API suite
// against a real PostgreSQL, through PgBouncer and against the embedded PGlite,
// the fleet tests, then the browser suite if there is one, and ends with one
// summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function addVitestReport(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywrightReport(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

const onlyDatabase = process.env.TEST_DATABASE;
if (process.env.SKIP_BUILD !== '1') {
  if (!run('next build', process.execPath, ['node_modules/next/dist/bin/next', 'build'])) {
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

function vitest(label, project, report, env = {}) {
  run(label, process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run', `--project=${project}`, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ], env);
  addVitestReport(report);
}

vitest('unit tests (no server)', 'unit', path.join(reports, 'vitest-unit.json'));
// pgbouncer: the same suite on PostgreSQL through PgBouncer in transaction mode (Debian's pgbouncer package).
for (const database of onlyDatabase ? [onlyDatabase] : ['postgres', 'pgbouncer', 'pglite']) {
  vitest(`API tests on ${database}`, 'api', path.join(reports, `vitest-${database}.json`), { TEST_DATABASE: database });
}
if (!onlyDatabase) {
  // The fleet under faults (nginx, three instances, PgBouncer, Redis) and the deploy/ files: npm run test:fleet.
  const report = path.join(reports, 'vitest-fleet.json');
  run('fleet tests', process.execPath, [
    'node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.fleet.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]);
  addVitestReport(report);
}

if (fs.existsSync('playwright.config.ts') && process.env.SKIP_E2E !== '1') {
  const report = path.join(reports, 'playwright.json');
  run('browser tests (Playwright, Chromium)', process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  addPlaywrightReport(report);
}

if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join('; ')}`);
// A step that crashed before reporting still counts as a failure.
const failed = Math.max(totals.failed, failedSteps.length > 0 && totals.failed === 0 ? 1 : 0);
console.log(`\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
