// `npm test`: every test, ending with one summary line, "N passed, N failed".
//
//   npm test                       build if stale; unit and domain tests; the API suite on
//                                  PostgreSQL, PGlite and through PgBouncer; /v1 served by
//                                  Next alone; the fleet; the browser suite
//   npm test -- FILE…              those files only, each with its own runner (tests/unit,
//                                  tests/domain, tests/api and tests/faults, tests/fleet,
//                                  e2e), API files on one database: TEST_DATABASE, else postgres
//   TEST_DATABASE=pglite npm test  the whole API suite on that one database (no fleet, no browser)
//   npm run test:quick             unit and domain tests only: no build, no server
//
// SKIP_BUILD=1 uses the build as it is; SKIP_E2E=1 leaves the browser suite out.
// The API suite's files each run where they can find something: a file that
// never reaches the database, or that brings a PostgreSQL cluster of its own,
// runs once, not once per database (see ONCE and OWN_CLUSTER below). The server
// suites and the browser suite run in three lanes at once (see runEverything);
// each step's output is printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from './build-if-stale.mjs';
import { build } from './build.mjs';
import { serverNode } from './server-command.mjs';
import { checkSystem } from './system-check.mjs';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// API files whose answers do not depend on the database behind the server
// (routing, the front door, fuzzing, the OpenAPI document, headers, body
// limits, npm start's signals, getPet's sunset by the clock): on postgres only.
const ONCE = [
  'tests/api/routing.test.ts',
  'tests/api/sunset.test.ts',
  'tests/api/front-door.test.ts',
  'tests/api/fuzz.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/security.test.ts',
  'tests/api/parity.test.ts',
  'tests/api/health.test.ts',
  'tests/api/missing-body.test.ts',
  'tests/api/logging.test.ts',
  'tests/api/metrics.test.ts',
  'tests/faults/body-limits.test.ts',
  'tests/faults/npm-start.test.ts',
  // The app's own database role and a failed start-up: straight to PostgreSQL whatever the lane.
  'tests/faults/activity-roles.test.ts',
  'tests/faults/start-up-failure-log.test.ts',
  // The limiter's buckets are in memory or Redis; these start servers on PostgreSQL whatever the lane.
  'tests/api/rate-limit.test.ts',
  // Photos in S3 (s3rver): a server of its own on PostgreSQL; the store is the point, not the database.
  'tests/api/photos-s3.test.ts',
  'tests/faults/redis-stall.test.ts',
];
// Fault tests that bring a database of their own (a PostgreSQL cluster, with
// proxies or a pooler; a PGlite on a small disk): the suite's database does not
// reach them, so the other lanes would repeat them.
const OWN_CLUSTER = [
  'tests/faults/database-outage.test.ts',
  'tests/faults/database-pause.test.ts',
  'tests/faults/database-restart.test.ts',
  'tests/faults/embedded-disk-full.test.ts',
  'tests/faults/idempotent-retries.test.ts',
  // A 1,000,000-pet PostgreSQL template and a 200,000-pet PGlite of its own.
  'tests/faults/search-at-scale.test.ts',
];
// The CLIs' tests: the CLIs connect to PostgreSQL directly (DATABASE_URL as an operator gives it).
const CLI_TESTS = ['tests/api/user-cli.test.ts', 'tests/api/api-key-cli.test.ts'];
// API files whose tests start servers of their own and mostly wait on them (npm
// start's signals, the drain, the limiter, a stalled Redis, the CLIs): on
// postgres they run in a step of their own, off the shared server's suite (runEverything).
const OWN_SERVER = [
  'tests/faults/npm-start.test.ts',
  'tests/faults/migration-under-load.test.ts',
  'tests/faults/read-only-database.test.ts',
  'tests/faults/clock-skew.test.ts',
  'tests/faults/activity-roles.test.ts',
  'tests/faults/start-up-failure-log.test.ts',
  'tests/faults/graceful-shutdown.test.ts',
  'tests/api/rate-limit.test.ts',
  'tests/faults/redis-stall.test.ts',
  'tests/api/sunset.test.ts',
  'tests/faults/connection-floods.test.ts',
  'tests/api/photos-s3.test.ts',
  ...CLI_TESTS,
];
// Steps whose files mostly wait on servers or clusters of their own (on free ports) run two at a time.
const TWO_AT_A_TIME = ['--project=api', '--fileParallelism', '--maxWorkers=2'];
// Files with checks bound to a few milliseconds or seconds (the key cache's lease, a
// revoke refused everywhere within 100 ms, probes of a server bursting to 50 streams
// within 1 s, a held lock's 503 within 5 s, /readyz's 503 within 2 s of a paused
// database, 20 orders racing for one pet within the 3 s deadline each, requests within
// 250 ms while Redis is stalled, two instances counting one key within the limiter's
// 40 ms budget for Redis): beside the browser suite they failed, so they run
// last, without the lanes, on PostgreSQL and through PgBouncer (a file with a cluster
// of its own, or in ONCE, on PostgreSQL only).
const HELD_LOCK = 'tests/faults/held-lock.test.ts';
const DATABASE_PAUSE = 'tests/faults/database-pause.test.ts';
const LOAD_SENSITIVE = [
  'tests/api/api-key-cache.test.ts',
  'tests/api/orders-concurrency.test.ts',
  'tests/faults/one-state-per-process.test.ts',
  'tests/faults/change-feed-load.test.ts',
  HELD_LOCK,
  DATABASE_PAUSE,
  'tests/faults/redis-stall.test.ts',
  'tests/api/rate-limit.test.ts',
  'tests/faults/connection-floods.test.ts',
  // A trivial GET beside eight searches on PGlite, within the search deadline: 2.8 s in the lanes.
  'tests/faults/search-at-scale.test.ts',
];
// The contract both ways of serving /v1 must keep (docs/ARCHITECTURE.md, "The production path for /v1").
// The front door's refusals and its body limits too: Next reads bodies and routes
// /v1 in ways of its own (a cancelled body stream once reset the connection).
const CONTRACT_SUBSET = [
  'tests/api/parity.test.ts',
  'tests/api/routing.test.ts',
  'tests/api/smoke.test.ts',
  'tests/api/auth.test.ts',
  'tests/api/get-pet.test.ts',
  'tests/api/list-pets.test.ts',
  'tests/api/logging.test.ts',
  'tests/api/front-door.test.ts',
  'tests/faults/body-limits.test.ts',
];

// The image test builds the app from scratch in a copy: a step of its own.
const IMAGE_TEST = 'tests/fleet/docker-image.test.ts';
const PLAYWRIGHT_CLI = 'node_modules/@playwright/test/cli.js';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failedSteps = [];
/** Each failed test as "file > title", listed again at the very end (CI shows only a run's tail). */
/** @type {string[]} */
const failedTests = [];
/** Each test that failed once and passed on its one retry (vitest.config.ts, playwright.config.ts): named, never hidden. */
/** @type {string[]} */
const flakyTests = [];

/** @typedef {Record<string, string>} Env */

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Env} [env]
 */
function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

/**
 * Like run(), alongside others: the output goes to a file, printed whole when the step ends.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Env} [env]
 * @returns {Promise<boolean>}
 */
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

/** @param {string} file */
function addVitestReport(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      const name = `${path.relative(process.cwd(), suite.name)} > ${test.fullName}`;
      const why = firstLines(test.failureMessages[0] ?? '');
      if (test.status === 'failed') failedTests.push(`${name}${why}`);
      // A test that passed with failure messages passed on its retry.
      else if (test.status === 'passed' && test.failureMessages.length > 0) flakyTests.push(`${name}${why}`);
    }
  }
}

/**
 * The start of a failure's message, for the summary: the end of a run's output is
 * often all a reader of CI sees, so each FAILED or FLAKY line says why.
 * @param {string} message
 */
function firstLines(message) {
  // Without the reporters' colours.
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const kept = plain
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  // fast-check puts the property's own error after its counterexample, on a line of its
  // own: it comes second, before the counterexample, which the length limit may cut.
  const cause = kept.slice(3).find((line) => line.startsWith('Got '));
  const lines = (cause ? [kept[0], cause, ...kept.slice(1, 3)] : kept.slice(0, 3)).join(' ');
  if (!lines) return '';
  return ` — ${lines.length > 600 ? `${lines.slice(0, 600)}…` : lines}`;
}

/**
 * The first error of a Playwright spec's results.
 * @param {any} spec
 */
const playwrightError = (spec) =>
  firstLines(
    spec.tests
      .flatMap((/** @type {any} */ test) => test.results)
      .map((/** @type {any} */ result) => result.error?.message ?? '')
      .find(Boolean) ?? '',
  );

/**
 * The failed tests of a Playwright JSON report (suites nest; specs hold tests, tests hold results).
 * @param {any} suite
 * @returns {string[]}
 */
const playwrightFailures = (suite) => [
  ...(suite.specs ?? []).filter((/** @type {any} */ spec) => !spec.ok).map((/** @type {any} */ spec) => `${spec.file} > ${spec.title}${playwrightError(spec)}`),
  ...(suite.suites ?? []).flatMap(playwrightFailures),
];

/**
 * The tests of a Playwright JSON report that passed on their retry.
 * @param {any} suite
 * @returns {string[]}
 */
const playwrightFlaky = (suite) => [
  ...(suite.specs ?? [])
    .filter((/** @type {any} */ spec) => spec.tests.some((/** @type {any} */ test) => test.status === 'flaky'))
    .map((/** @type {any} */ spec) => `${spec.file} > ${spec.title}${playwrightError(spec)}`),
  ...(suite.suites ?? []).flatMap(playwrightFlaky),
];

/** @param {string} file */
function addPlaywrightReport(file) {
  if (!fs.existsSync(file)) return;
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  failedTests.push(...suites.flatMap(playwrightFailures));
  flakyTests.push(...suites.flatMap(playwrightFlaky));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

/** @param {string} label */
const reportFile = (label, extension = 'json') => path.join(reports, `${label.replace(/\W+/g, '-')}.${extension}`);

/**
 * @param {string[]} project
 * @param {string} report
 * @param {string[]} files
 */
const vitestArgs = (project, report, files) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...files,
];

/**
 * A vitest step run in the foreground.
 * @param {string} label
 * @param {string[]} project
 * @param {string[]} files
 * @param {Env} [env]
 */
function vitest(label, project, files, env = {}) {
  const report = reportFile(label);
  run(label, process.execPath, vitestArgs(project, report, files), env);
  addVitestReport(report);
}

/**
 * A server suite as a lane step: runs beside the other lane, then counts its report.
 * @param {string} label
 * @param {string[]} project
 * @param {string[]} files
 * @param {Env} [env]
 */
const laneStep =
  (label, project, files, env = {}) =>
  async () => {
    const report = reportFile(label);
    await runBeside(label, process.execPath, vitestArgs(project, report, files), env);
    addVitestReport(report);
  };

/** @param {string[]} files */
function playwright(files) {
  const report = reportFile('playwright');
  run('browser tests (Playwright, Chromium)', process.execPath, [PLAYWRIGHT_CLI, 'test', '--reporter=list,json', ...files], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  addPlaywrightReport(report);
}

/** The whole browser suite as a lane step. */
async function playwrightStep() {
  const report = reportFile('playwright');
  await runBeside('browser tests (Playwright, Chromium)', process.execPath, [PLAYWRIGHT_CLI, 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  addPlaywrightReport(report);
}

/** The API suite's files (tests/api and tests/faults), in a stable order. */
function apiFiles() {
  return ['tests/api', 'tests/faults'].flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

/**
 * @param {string[]} files
 * @param {string[][]} lists
 */
const without = (files, ...lists) => files.filter((file) => !lists.some((list) => list.includes(file)));

// Every server the tests start runs on the Node npm start runs on (the lockfile's Node 24 where
// this one is older: scripts/server-command.mjs), found once here for all of them.
function chooseServerNode() {
  try {
    process.env.PETSTORE_NODE = serverNode();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const version = spawnSync(process.env.PETSTORE_NODE, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    console.error(`The server's Node (${process.env.PETSTORE_NODE}) does not run: ${version.error?.message ?? version.stderr}`);
    process.exit(2);
  }
  console.log(`Servers run on Node ${version.stdout.trim()} (${process.env.PETSTORE_NODE}).`);
}

function buildIfNeeded() {
  if (process.env.SKIP_BUILD === '1' || isBuildCurrent()) return true;
  console.log('\n=== build (Next and the /v1 path) ===');
  return build();
}

function finish() {
  if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join('; ')}`);
  for (const test of flakyTests) console.log(`FLAKY: ${test}`);
  for (const test of failedTests) console.log(`FAILED: ${test}`);
  // A step that crashed before reporting still counts as a failure.
  const failed = Math.max(totals.failed, failedSteps.length > 0 && totals.failed === 0 ? 1 : 0);
  const flaky = flakyTests.length > 0 ? `, ${flakyTests.length} flaky` : '';
  console.log(`\n${totals.passed} passed, ${failed} failed${flaky}${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(failedSteps.length > 0 ? 1 : 0);
}

/**
 * `npm test -- FILE…`: each named file with its runner, API files on one database.
 * @param {string[]} named
 */
async function runNamedFiles(named) {
  const under = (/** @type {string[]} */ ...prefixes) => named.filter((file) => prefixes.some((prefix) => file.startsWith(prefix)));
  const unknown = without(named, under('tests/unit/', 'tests/domain/', 'tests/api/', 'tests/faults/', 'tests/fleet/', 'e2e/'));
  if (unknown.length > 0) {
    console.error(`Not a test file of this project: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const needsServer = under('tests/api/', 'tests/faults/', 'tests/fleet/', 'e2e/').length > 0;
  /** @type {import('./system-check.mjs').SystemPart[]} */
  const parts = needsServer ? ['postgres', 'redis'] : [];
  if (process.env.TEST_DATABASE === 'pgbouncer') parts.push('pgbouncer');
  if (under('tests/fleet/').length > 0) parts.push('nginx', 'pgbouncer');
  if (under('e2e/').length > 0) parts.push('chromium');
  if (!(await checkSystem(parts))) process.exit(1);
  if (needsServer) chooseServerNode();
  if (needsServer && !(await buildIfNeeded())) failedSteps.push('build');
  if (under('tests/unit/').length > 0) vitest('unit tests', ['--project=unit'], under('tests/unit/'));
  if (under('tests/domain/').length > 0) vitest('domain tests', ['--project=domain'], under('tests/domain/'));
  if (failedSteps.includes('build')) return finish();
  const api = under('tests/api/', 'tests/faults/');
  const database = process.env.TEST_DATABASE ?? 'postgres';
  if (api.length > 0) vitest(`API tests on ${database}`, ['--project=api'], api, { TEST_DATABASE: database });
  if (under('tests/fleet/').length > 0) vitest('fleet tests', ['--config', 'vitest.fleet.config.ts'], under('tests/fleet/'));
  if (under('e2e/').length > 0) playwright(under('e2e/'));
  finish();
}

/** `npm test`: everything, or with TEST_DATABASE the API suite on that database. */
async function runEverything() {
  const onlyDatabase = process.env.TEST_DATABASE;
  /** @type {import('./system-check.mjs').SystemPart[]} */
  const parts = onlyDatabase
    ? ['postgres', 'redis', ...(onlyDatabase === 'pgbouncer' ? /** @type {const} */ (['pgbouncer']) : [])]
    : ['postgres', 'redis', 'pgbouncer', 'nginx'];
  if (!onlyDatabase && process.env.SKIP_E2E !== '1') parts.push('chromium');
  if (!(await checkSystem(parts))) process.exit(1);
  chooseServerNode();
  if (!(await buildIfNeeded())) {
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  const all = apiFiles();
  /** An API suite step: these files on that database, under this label. */
  const apiStep = (/** @type {string} */ label, /** @type {string[]} */ files, /** @type {string} */ database) =>
    laneStep(label, ['--project=api'], files, { TEST_DATABASE: database });
  const api = (/** @type {string} */ database, /** @type {string[]} */ files) => apiStep(`API tests on ${database}`, files, database);
  /** @type {(() => Promise<void>)[][]} */
  const lanes = [];
  if (onlyDatabase) {
    lanes.push([api(onlyDatabase, all)]);
  } else {
    // Three lanes, each a fixed sequence, then the load-sensitive files. The two
    // cores are busy throughout (two lanes took as long), so the order matters more
    // than the count: lane one is the browser suite alone, the longest step, from the
    // start; lane two the API suite on PostgreSQL's shared server, the tests that bring
    // clusters of their own and the image (its build the longest step after the browser's);
    // lane three the unit and domain tests, the other databases (PGlite, through PgBouncer),
    // the tests with servers of their own, /v1 served by Next alone and the fleet. Their
    // times are in docs/TESTING.md.
    const browser = process.env.SKIP_E2E !== '1' && fs.existsSync('playwright.config.ts') ? [playwrightStep] : [];
    lanes.push(browser);
    lanes.push([
      api('postgres', without(all, OWN_CLUSTER, OWN_SERVER, LOAD_SENSITIVE)),
      laneStep('fault tests with clusters of their own, on postgres', TWO_AT_A_TIME, without(OWN_CLUSTER, LOAD_SENSITIVE), { TEST_DATABASE: 'postgres' }),
      laneStep('the image (deploy/Dockerfile, built and run)', ['--config', 'vitest.fleet.config.ts'], [IMAGE_TEST]),
    ]);
    lanes.push([
      laneStep('unit and domain tests (no server)', ['--project=unit', '--project=domain'], []),
      api('pglite', without(all, ONCE, OWN_CLUSTER)),
      // PgBouncer changes how statements and sessions reach PostgreSQL: the suite
      // that reaches the database through it, not what never gets that far, nor the
      // CLIs, which connect to PostgreSQL directly as an operator runs them.
      api('pgbouncer', without(all, ONCE, OWN_CLUSTER, LOAD_SENSITIVE, CLI_TESTS, ['tests/faults/graceful-shutdown.test.ts'])),
      laneStep('API tests with servers of their own, on postgres', TWO_AT_A_TIME, without(OWN_SERVER, LOAD_SENSITIVE), { TEST_DATABASE: 'postgres' }),
      laneStep('API contract with /v1 served by Next alone, on postgres', ['--project=api'], CONTRACT_SUBSET, {
        TEST_DATABASE: 'postgres',
        PETSTORE_V1_VIA: 'next',
      }),
      // The fleet under faults (nginx, three instances, PgBouncer, Redis) and the deploy/ files: npm run test:fleet.
      laneStep('fleet tests', ['--config', 'vitest.fleet.config.ts', '--exclude', IMAGE_TEST], []),
    ]);
  }
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) await step();
    }),
  );
  if (!onlyDatabase) {
    // Five at once, without the lanes: they mostly wait (on a held lock, a paused cluster,
    // a lease), a load their bounds allow, where the lanes' near 10 did not. The held lock's
    // holds and the paused cluster wait longest, so each has a step of its own.
    const onEachDatabase = without(LOAD_SENSITIVE, OWN_CLUSTER, ONCE, [HELD_LOCK]);
    await Promise.all([
      apiStep('load-sensitive API tests, on postgres', onEachDatabase, 'postgres')(),
      apiStep('load-sensitive API tests, on pgbouncer', onEachDatabase, 'pgbouncer')(),
      apiStep(
        'a held lock, then the limiter and a stalled Redis, on postgres',
        [HELD_LOCK, ...without(LOAD_SENSITIVE, onEachDatabase, [HELD_LOCK, DATABASE_PAUSE])],
        'postgres',
      )(),
      apiStep('a held lock, on pgbouncer', [HELD_LOCK], 'pgbouncer')(),
      apiStep('a paused cluster of its own', [DATABASE_PAUSE], 'postgres')(),
    ]);
  }
  finish();
}

const named = process.argv.slice(2);
if (named.length > 0) await runNamedFiles(named);
else await runEverything();
