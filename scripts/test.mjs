// `npm test`: every test, ending with one summary line, "N passed, N failed".
//
//   npm test                       build if stale; unit and domain tests; the server suites, each
//                                  folder on the databases and in the lane its folder gives
//                                  (below); the fleet; the browser suite
//   npm test -- FILE…              those files only, each with its own runner, server suites on
//                                  one database: TEST_DATABASE, else postgres
//   TEST_DATABASE=pglite npm test  tests/api and tests/timing on that one database (no fleet, no browser)
//   npm run test:quick             unit and domain tests only: no build, no server
//
// SKIP_BUILD=1 uses the build as it is; SKIP_E2E=1 leaves the browser suite out. The
// server suites and the browser suite run in three lanes at once (see runEverything);
// each step's output is printed whole when it ends. A test that needed its retry is
// named (FLAKY:); one flaky in two of the last five full runs fails the run (flaky-history.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from './build-if-stale.mjs';
import { build } from './build.mjs';
import { serverNode } from './server-command.mjs';
import { checkSystem } from './system-check.mjs';
import { defaultHistoryFile, recordFlakyRun } from './flaky-history.mjs';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// What runs where is the folder a file is in (docs/TESTING.md, "The folders"):
//   tests/api             the shared server, on each database: PostgreSQL, PGlite, through PgBouncer
//                         (the database changes the outcome: search, LISTEN, locks, transactions)
//   tests/api-once        the shared server, on PostgreSQL only (the database does not change it)
//   tests/contract        what both ways of serving /v1 keep: on PostgreSQL, through server.mjs's
//                         own path and through Next's router
//   tests/servers         servers of their own (the files name their databases), two files at a time
//   tests/clusters        PostgreSQL clusters or disks of their own, two files at a time
//   tests/timing          bound to milliseconds or seconds: last, without the lanes, on each database
//   tests/timing-servers  bound too, with servers or clusters of their own: last, two at a time
//   tests/timing-alone    bound to CPU time (searches reading a million rows): the very last, alone
// Only the two timing folders retry a failed test (vitest.config.ts).
const SHARED_SERVER = ['tests/api', 'tests/api-once', 'tests/contract'];
// Steps whose files mostly wait on servers or clusters of their own (on free ports) run two at a time.
const TWO_AT_A_TIME = ['--fileParallelism', '--maxWorkers=2'];
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
/** @type {{ name: string, why: string }[]} */
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
      else if (test.status === 'passed' && test.failureMessages.length > 0) flakyTests.push({ name, why });
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
 * @returns {{ name: string, why: string }[]}
 */
const playwrightFlaky = (suite) => [
  ...(suite.specs ?? [])
    .filter((/** @type {any} */ spec) => spec.tests.some((/** @type {any} */ test) => test.status === 'flaky'))
    .map((/** @type {any} */ spec) => ({ name: `${spec.file} > ${spec.title}`, why: playwrightError(spec) })),
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
  // vitest matches a filter anywhere in a path: "tests/api" alone would take tests/api-once too.
  ...files.map((file) => (file.endsWith('.ts') ? file : `${file}/`)),
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

/** @param {{ isFullRun?: boolean }} [options] */
function finish({ isFullRun = false } = {}) {
  if (isFullRun) {
    const repeated = recordFlakyRun(flakyTests.map((test) => test.name));
    for (const name of repeated) failedTests.push(`${name} — flaky in two of the last five runs (${defaultHistoryFile()})`);
    totals.failed += repeated.length;
    if (repeated.length > 0) failedSteps.push('tests flaky in two of the last five runs');
  }
  if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join('; ')}`);
  for (const test of flakyTests) console.log(`FLAKY: ${test.name}${test.why}`);
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
  const serverFolders = [...SHARED_SERVER, 'tests/servers', 'tests/clusters'].map((folder) => `${folder}/`);
  const timingFolders = ['tests/timing/', 'tests/timing-servers/', 'tests/timing-alone/'];
  const known = under('tests/unit/', 'tests/domain/', ...serverFolders, ...timingFolders, 'tests/fleet/', 'e2e/');
  const unknown = named.filter((file) => !known.includes(file));
  if (unknown.length > 0) {
    console.error(`Not a test file of this project: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const needsServer = under(...serverFolders, ...timingFolders, 'tests/fleet/', 'e2e/').length > 0;
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
  const database = process.env.TEST_DATABASE ?? 'postgres';
  if (under(...serverFolders).length > 0) vitest(`API tests on ${database}`, ['--project=api'], under(...serverFolders), { TEST_DATABASE: database });
  if (under(...timingFolders).length > 0)
    vitest(`timing-bound tests on ${database}`, ['--project=timing'], under(...timingFolders), { TEST_DATABASE: database });
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
  /**
   * A step of the server suites: these folders on that database, under this label.
   * @param {string} label
   * @param {'api' | 'timing'} project
   * @param {string[]} folders
   * @param {string} database
   * @param {{ twoAtATime?: boolean, env?: Env }} [options]
   */
  const serverStep = (label, project, folders, database, { twoAtATime = false, env = {} } = {}) =>
    laneStep(label, [`--project=${project}`, ...(twoAtATime ? TWO_AT_A_TIME : [])], folders, { TEST_DATABASE: database, ...env });
  /** @type {(() => Promise<void>)[][]} */
  const lanes = [];
  if (onlyDatabase) {
    const folders = onlyDatabase === 'postgres' ? SHARED_SERVER : ['tests/api'];
    lanes.push([
      serverStep(`API tests on ${onlyDatabase}`, 'api', folders, onlyDatabase),
      serverStep(`timing-bound tests on ${onlyDatabase}`, 'timing', ['tests/timing'], onlyDatabase),
    ]);
  } else {
    // Three lanes, each a fixed sequence, then the timing-bound folders. The two cores
    // are busy throughout (two lanes took as long), so the order matters more than the
    // count: lane one is the browser suite alone, the longest step, from the start; lane
    // two the shared server's suites on PostgreSQL, the clusters and the image (its build
    // the longest step after the browser's); lane three the unit and domain tests, the
    // other databases (PGlite, through PgBouncer), the servers of their own, /v1 served by
    // Next alone and the fleet. Their times are in docs/TESTING.md.
    const browser = process.env.SKIP_E2E !== '1' && fs.existsSync('playwright.config.ts') ? [playwrightStep] : [];
    lanes.push(browser);
    lanes.push([
      serverStep('API tests on postgres', 'api', SHARED_SERVER, 'postgres'),
      serverStep('clusters of their own', 'api', ['tests/clusters'], 'postgres', { twoAtATime: true }),
      laneStep('the image (deploy/Dockerfile, built and run)', ['--config', 'vitest.fleet.config.ts'], [IMAGE_TEST]),
    ]);
    lanes.push([
      laneStep('unit and domain tests (no server)', ['--project=unit', '--project=domain'], []),
      serverStep('API tests on pglite', 'api', ['tests/api'], 'pglite'),
      serverStep('API tests on pgbouncer', 'api', ['tests/api'], 'pgbouncer'),
      serverStep('servers of their own', 'api', ['tests/servers'], 'postgres', { twoAtATime: true }),
      serverStep('the contract with /v1 served by Next alone, on postgres', 'api', ['tests/contract'], 'postgres', { env: { PETSTORE_V1_VIA: 'next' } }),
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
    // Without the lanes: these mostly wait (on a held lock, a paused cluster, a lease), a
    // load their bounds allow, where the lanes' near 10 did not.
    await Promise.all([
      ...['postgres', 'pglite', 'pgbouncer'].map((database) => serverStep(`timing-bound tests on ${database}`, 'timing', ['tests/timing'], database)()),
      serverStep('timing-bound tests with servers of their own', 'timing', ['tests/timing-servers'], 'postgres', { twoAtATime: true })(),
    ]);
    // Bound to CPU time, which the four steps above share two cores for: alone, at the end.
    await serverStep('timing-bound tests alone', 'timing', ['tests/timing-alone'], 'postgres')();
  }
  finish({ isFullRun: !onlyDatabase });
}

const named = process.argv.slice(2);
if (named.length > 0) await runNamedFiles(named);
else await runEverything();
