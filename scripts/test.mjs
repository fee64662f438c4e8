// `npm test`: builds the production app, runs the unit tests, the API suite
// against a real PostgreSQL, through PgBouncer and against the embedded PGlite,
// the fleet tests, the /v1 contract subset with /v1 served by Next alone (so the
// production path and Next's cannot drift), then the browser suite if there is
// one, and ends with one summary line: "N passed, N failed".
// The server suites run in two lanes at once (each starts its own servers and
// databases; two cores): their output is printed whole as each one ends.
import { spawn, spawnSync } from 'node:child_process';
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

/** Like run(), alongside others: the output goes to a file, printed whole when the step ends. */
function runBeside(label, command, args, env = {}) {
  const logFile = path.join(reports, `${label.replace(/\W+/g, '-')}.log`);
  const output = fs.openSync(logFile, 'w');
  console.log(`\n--- started: ${label} ---`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', output, output], env: { ...process.env, ...env } });
    child.on('close', (status) => {
      fs.closeSync(output);
      console.log(`\n=== ${label} (${Math.round((Date.now() - started) / 1000)} s) ===`);
      process.stdout.write(fs.readFileSync(logFile));
      if (status !== 0) failedSteps.push(label);
      resolve(status === 0);
    });
  });
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
  if (!run('build (Next and the /v1 path)', process.execPath, ['scripts/build.mjs'])) {
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

const vitestArgs = (project, report, files) => [
  'node_modules/vitest/vitest.mjs', 'run', ...project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...files,
];

/** A server suite as a lane step: runs beside the other lane, then counts its report. */
const suite = (label, project, env = {}, files = process.argv.slice(2)) => async () => {
  const report = path.join(reports, `vitest-${label.replace(/\W+/g, '-')}.json`);
  await runBeside(label, process.execPath, vitestArgs(project, report, files), env);
  addVitestReport(report);
};

const unitReport = path.join(reports, 'vitest-unit.json');
// A run given test files may name none of this project's (only API tests, say).
const unitProject = process.argv.length > 2 ? ['--project=unit', '--passWithNoTests'] : ['--project=unit'];
run('unit tests (no server)', process.execPath, vitestArgs(unitProject, unitReport, process.argv.slice(2)));
addVitestReport(unitReport);

// The contract both ways of serving /v1 must keep (DESIGN.md, "The production path for /v1").
const CONTRACT_SUBSET = [
  'tests/api/parity.test.ts', 'tests/api/routing.test.ts', 'tests/api/smoke.test.ts', 'tests/api/auth.test.ts',
  'tests/api/get-pet.test.ts', 'tests/api/list-pets.test.ts', 'tests/api/logging.test.ts',
];
const api = (database, env = {}) => suite(`API tests on ${database}`, ['--project=api'], { TEST_DATABASE: database, ...env });
const lanes = [[], []];
// pgbouncer: the same suite on PostgreSQL through PgBouncer in transaction mode (Debian's pgbouncer package).
for (const [index, database] of (onlyDatabase ? [onlyDatabase] : ['postgres', 'pgbouncer', 'pglite']).entries()) {
  lanes[index === 0 ? 0 : 1].push(api(database));
}
if ((!onlyDatabase || onlyDatabase === 'postgres') && process.argv.length === 2) {
  lanes[0].push(suite('API contract with /v1 served by Next alone, on postgres', ['--project=api'], { TEST_DATABASE: 'postgres', PETSTORE_V1_VIA: 'next' }, CONTRACT_SUBSET));
}
if (!onlyDatabase) {
  // The fleet under faults (nginx, three instances, PgBouncer, Redis) and the deploy/ files: npm run test:fleet.
  lanes[0].push(suite('fleet tests', ['--config', 'vitest.fleet.config.ts'], {}, []));
}
await Promise.all(lanes.map(async (steps) => {
  for (const step of steps) await step();
}));

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
