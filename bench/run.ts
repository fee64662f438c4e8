// `npm run bench`: measures /v1 on the production server (server.mjs) against
// a real PostgreSQL, side by side with the peer a team would pick instead, a
// Fastify 5 server doing the same work with one log line per request
// (bench/baseline-fastify.mjs), which the targets are set against; a plain
// node:http server doing the least work the same requests need
// (bench/baseline-node.mjs); and, for reference, a minimal route handler under
// Next's router (app/bench-baseline, in the bench's build only).
// Prints a markdown table and writes bench/results/latest.{md,json}.
// Options: see `npm run bench -- --help` and docs/PERFORMANCE.md.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild, ensureBuildIn } from './build';
import { serverNode } from '../scripts/server-command.mjs';
import { copyOfDatabase, prepareDatabase, removeBenchRows, type BenchDatabase } from './catalogue';
import { dashboardUser, measureDashboard, type DashboardResult } from './dashboard';
import { CLIENT_HEADERS, runLoad, warmUp, type LoadResult } from './load';
import { startPgBouncer, type PgBouncer } from '../scripts/fleet/pgbouncer';
import { startFastifyBaseline, startNextServer, startNodeBaseline, type Server } from './servers';
import { formatReport, type Measurement, type SizeReport } from './report';
import { thumbnailUrls } from './photos';
import { SCENARIOS, type Scenario, type ScenarioContext } from './scenarios';
import { combineRounds, orderOfRound, rotate } from './rounds';
import { summariseProfiles } from './profile-summary';
import { measureUploads, type UploadResult } from './uploads';
import { measureImport, type ImportResult } from './imports';

// The dashboard's page is measured on a catalogue of its own size (one page of it is shown at a time).
const DASHBOARD_PETS = 5000;
// Photo uploads under load: this many clients at once (bench/uploads.ts).
const UPLOAD_CLIENTS = 10;
// Not a load scenario: one import, timed (bench/imports.ts).
const IMPORT_SCENARIO = 'import';

const HELP = `npm run bench -- [options]
  --duration N      seconds measured per scenario and target (default 15)
  --rounds N        measure each scenario N times per target, the targets' order
                    alternating, and report the rounds as one (default 1)
  --together        load every target of a scenario at the same time, each with its
                    own load generator, so that the machine's speed changes weigh on
                    all alike (the activity log's cost: docs/PERFORMANCE.md)
  --restart-servers start every server anew before each round: one server process
                    can run a few percent above or below another all its life
  --warmup N        seconds of warm-up before each measurement (default 5)
  --server-warmup N requests that warm each fresh server up first (default 5000,
                    at most 30 s; 0 in --smoke)
  --connections N   concurrent connections (default 50)
  --rate N          send N requests a second in all, not as many as the server takes:
                    CPU per request compared at one load (the activity log's cost:
                    docs/PERFORMANCE.md); a target slower than N shows it in req/s
  --pets N[,N...]   catalogue size(s); several sizes run one after the other
                    and add a scale table (default 100000)
  --scenarios a,b   subset of: ${SCENARIOS.map((scenario) => scenario.name).join(', ')}, ${IMPORT_SCENARIO}
                    (${IMPORT_SCENARIO}: a CSV import of --import-rows new pets, its rows/s and the
                    server's peak RSS beside a plain COPY of the same rows: bench/imports.ts)
  --import-rows N   rows of the ${IMPORT_SCENARIO} scenario's file (default 100000; 1000 in --smoke)
  --targets a,b     subset of: app, fastify, node-baseline (the default),
                    fastify-nolog (Fastify without its log line), next-baseline,
                    app-pgbouncer (the app through PgBouncer, transaction pooling),
                    app-metrics (the app recording metrics: PETSTORE_METRICS_TOKEN set),
                    app-nolog (the app on a copy of the database without the
                    activity log's triggers), app-copy (its control: the app on a
                    copy with them), app-before (with --before)
  --before DIR      also run the app of another checkout (its own build, made there if
                    stale; its node_modules as installed there) beside this one, on the
                    same database and Node binary: target app-before, added to --targets
  --node PATH       the Node binary the servers run on (default: what npm start
                    runs on, the lockfile's Node 24)
  --smoke           a few seconds, tiny catalogue, all scenarios and targets (CI)
  --profile         run the app under node --cpu-prof and summarise the profile
  --upload-rounds N rounds of ${UPLOAD_CLIENTS} clients each uploading a 5 MB JPEG at once, while
                    GET /v1/pets is read on a connection of its own (default 3; 1 in --smoke;
                    0 skips it): the reader's p99 and the server's RSS growth
  --dashboard-runs N cold navigations to /pets in Chromium, signed in, on a catalogue of
                    ${DASHBOARD_PETS.toLocaleString('en')} pets: its first-load JavaScript and LCP (default 5;
                    1 in --smoke; 0 skips it)
  --fresh           re-seed the bench database even if it is already seeded
  --server-env K=V  extra environment for the app server (repeatable)
  --node-pipeline N postgres.js max_pipeline of the node:http baseline (default 1,
                    as in the app; 100 is the driver's default, see porsager/postgres#747)
  --out DIR         where to write results (default bench/results)`;

type Target =
  'app' | 'fastify' | 'node-baseline' | 'fastify-nolog' | 'next-baseline' | 'app-pgbouncer' | 'app-metrics' | 'app-nolog' | 'app-copy' | 'app-before';
const DEFAULT_TARGETS: Target[] = ['app', 'fastify', 'node-baseline'];
const TARGETS: Target[] = [...DEFAULT_TARGETS, 'fastify-nolog', 'next-baseline', 'app-pgbouncer', 'app-metrics', 'app-nolog', 'app-copy', 'app-before'];

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      rounds: { type: 'string' },
      together: { type: 'boolean', default: false },
      'restart-servers': { type: 'boolean', default: false },
      warmup: { type: 'string' },
      'server-warmup': { type: 'string' },
      connections: { type: 'string' },
      rate: { type: 'string' },
      pets: { type: 'string' },
      scenarios: { type: 'string' },
      targets: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      'dashboard-runs': { type: 'string' },
      'upload-rounds': { type: 'string' },
      'import-rows': { type: 'string' },
      'server-env': { type: 'string', multiple: true, default: [] },
      'node-pipeline': { type: 'string', default: '1' },
      node: { type: 'string' },
      before: { type: 'string' },
      out: { type: 'string', default: 'bench/results' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const smoke = values.smoke;
  // A profile's windows are read against one server's clock.
  if (values.profile && values['restart-servers']) throw new Error('--profile and --restart-servers do not go together');
  const number = (value: string | undefined, fallback: number) => {
    const parsed = value === undefined ? fallback : Number(value);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`not a number: ${value}`);
    return parsed;
  };
  const asked = values.scenarios?.split(',') ?? [...SCENARIOS.map((scenario) => scenario.name), IMPORT_SCENARIO];
  const scenarioNames = asked.filter((name) => name !== IMPORT_SCENARIO);
  const unknown = scenarioNames.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) throw new Error(`unknown scenario(s): ${unknown.join(', ')}`);
  const named = (values.targets?.split(',') ??
    (values.profile ? ['app'] : smoke ? TARGETS.filter((target) => target !== 'app-before') : DEFAULT_TARGETS)) as Target[];
  if (named.some((target) => !TARGETS.includes(target))) throw new Error(`--targets: one of ${TARGETS.join(', ')}`);
  const before = values.before === undefined ? undefined : path.resolve(values.before);
  if (before && !fs.existsSync(path.join(before, 'server.mjs'))) throw new Error(`--before: no checkout of the app in ${before}`);
  if (named.includes('app-before') && !before) throw new Error('--targets app-before needs --before DIR');
  const targets = before && !named.includes('app-before') ? [...named, 'app-before' as const] : named;
  const serverEnv = Object.fromEntries(
    values['server-env'].map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--server-env wants KEY=VALUE, got ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  return {
    smoke,
    profile: values.profile,
    fresh: values.fresh,
    duration: number(values.duration, smoke ? 1 : 15),
    rounds: Math.max(1, Math.round(number(values.rounds, 1))),
    together: values.together,
    restartServers: values['restart-servers'],
    warmup: number(values.warmup, smoke ? 0 : 5),
    serverWarmup: number(values['server-warmup'], smoke ? 0 : 5000),
    connections: number(values.connections, smoke ? 10 : 50),
    rate: values.rate === undefined ? undefined : number(values.rate, 0),
    sizes: (values.pets ?? (smoke ? '1000' : '100000')).split(',').map((size) => number(size, 0)),
    scenarios: scenarioNames.map((name) => SCENARIOS.find((scenario) => scenario.name === name)!),
    targets,
    serverEnv,
    nodePipeline: number(values['node-pipeline'], 1),
    // The profile is of /v1 alone.
    dashboardRuns: values.profile ? 0 : number(values['dashboard-runs'], smoke ? 1 : 5),
    uploadRounds: values.profile ? 0 : number(values['upload-rounds'], smoke ? 1 : 3),
    importRows: values.profile || !asked.includes(IMPORT_SCENARIO) ? 0 : number(values['import-rows'], smoke ? 1000 : 100_000),
    node: nodeBinary(values.node),
    before,
    out: values.out,
  };
}

/** The Node binary for the servers: --node's path, or what npm start runs on. */
function nodeBinary(given: string | undefined): string {
  return given ?? serverNode();
}

type Copies = Partial<Record<'app-nolog' | 'app-copy', Awaited<ReturnType<typeof copyOfDatabase>>>>;

async function measureSize(settings: ReturnType<typeof options>, pets: number, profileDir: string | undefined): Promise<SizeReport> {
  const database = await prepareDatabase(pets, { fresh: settings.fresh });
  console.log(`\n## ${database.pets.toLocaleString('en')} pets, ${database.orders.toLocaleString('en')} orders (${database.name})`);
  let servers: Partial<Record<Target, Server>> = {};
  const measurements: Measurement[] = [];
  const apiKey = `psk_bench_${randomBytes(24).toString('base64url')}`;
  const context = { pets: database.pets, apiKey, thumbnails: [] as string[] };
  let pgbouncer: PgBouncer | undefined;
  const copies: Copies = {};
  try {
    // Copied before any server connects: a template database must have no sessions.
    if (settings.targets.includes('app-nolog')) copies['app-nolog'] = await copyOfDatabase(database, { withActivityLog: false });
    if (settings.targets.includes('app-copy')) copies['app-copy'] = await copyOfDatabase(database, { withActivityLog: true });
    if (settings.targets.includes('app-pgbouncer')) {
      const direct = new URL(database.url);
      pgbouncer = await startPgBouncer({ postgresHost: direct.hostname, postgresPort: Number(direct.port || 5432) });
    }
    let starts = 0;
    const start = () => startServers(settings, { database, copies, pgbouncer }, { context, profileDir, start: starts++ });
    servers = await start();
    context.thumbnails = await thumbnailUrls(servers.app!.baseUrl, apiKey, database.pets);
    const measure = async (scenario: Scenario, target: Target) => {
      const server = servers[target]!;
      await checkOnce(server, scenario, context, target);
      if (settings.warmup > 0) await runLoad(server, scenario, context, { ...settings, duration: settings.warmup });
      const result: LoadResult = await runLoad(server, scenario, context, settings);
      measurements.push({ scenario: scenario.name, target, ...result });
      console.log(
        `  ${scenario.name.padEnd(12)} ${target.padEnd(14)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          `  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}  non-2xx ${result.non2xx}` +
          `  RSS ${result.peakRssMb} MB  drift ${result.drift?.toFixed(2) ?? 'n/a'}` +
          `  CPU ms/req ${result.cpuMsPerRequest.toFixed(2)}${result.dbCpuMsPerRequest === null ? '' : ` + DB ${result.dbCpuMsPerRequest.toFixed(2)}`}`,
      );
    };
    for (const [index, scenario] of settings.scenarios.entries()) {
      const targets = settings.targets.filter((target) => !scenario.appOnly || target.startsWith('app'));
      for (let round = 0; round < settings.rounds; round++) {
        if (settings.restartServers && (index > 0 || round > 0)) {
          await stopServers(servers);
          servers = await start();
        }
        const order = orderOfRound(targets, round);
        if (settings.together) await Promise.all(order.map((target) => measure(scenario, target)));
        else for (const target of order) await measure(scenario, target);
      }
    }
  } finally {
    await stopServers(servers);
    await pgbouncer?.destroy();
    for (const copy of Object.values(copies)) await copy.drop();
    await removeBenchRows(database);
  }
  return { pets: database.pets, orders: database.orders, measurements: combineRounds(measurements) };
}

/** Every target's server, each in a process of its own (so each RSS is its own), warmed up. */
async function startServers(
  settings: ReturnType<typeof options>,
  databases: { database: BenchDatabase; copies: Copies; pgbouncer: PgBouncer | undefined },
  { context, profileDir, start }: { context: ScenarioContext & { apiKey: string }; profileDir: string | undefined; start: number },
): Promise<Partial<Record<Target, Server>>> {
  const { apiKey } = context;
  const { database, copies, pgbouncer } = databases;
  const node = settings.node;
  // The app and its variants, each on its database and environment. The app's server runs even
  // when not measured: its start-up makes the bench key valid for all.
  const variants: [Target, { databaseUrl: string; env: Record<string, string>; profileDir?: string; cwd?: string }][] = [
    ['app', { databaseUrl: database.url, env: settings.serverEnv, profileDir }],
  ];
  if (pgbouncer) {
    const pooled = new URL(database.url);
    pooled.host = `127.0.0.1:${pgbouncer.port}`;
    const env = { ...settings.serverEnv, DATABASE_DIRECT_URL: database.url, DATABASE_POOLER: 'transaction' };
    variants.push(['app-pgbouncer', { databaseUrl: pooled.toString(), env }]);
  }
  if (settings.targets.includes('app-metrics')) {
    variants.push(['app-metrics', { databaseUrl: database.url, env: { ...settings.serverEnv, PETSTORE_METRICS_TOKEN: randomBytes(24).toString('hex') } }]);
  }
  for (const [target, copy] of Object.entries(copies)) variants.push([target as Target, { databaseUrl: copy.url, env: settings.serverEnv }]);
  if (settings.before) variants.push(['app-before', { databaseUrl: database.url, env: settings.serverEnv, cwd: settings.before }]);
  // Started one after another, a different one first at each start (each round's, with
  // --restart-servers): the server started first has been seen to spend about 2% more CPU per
  // request than its twins, all its life (docs/PERFORMANCE.md).
  const servers: Partial<Record<Target, Server>> = {};
  for (const [target, variant] of rotate(variants, start)) servers[target] = await startNextServer({ node, ...variant, apiKey });
  if (settings.targets.includes('node-baseline')) {
    servers['node-baseline'] = await startNodeBaseline({ node, databaseUrl: database.url, apiKey, maxPipeline: settings.nodePipeline });
  }
  for (const target of ['fastify', 'fastify-nolog'] as const) {
    if (!settings.targets.includes(target)) continue;
    servers[target] = await startFastifyBaseline({ node, databaseUrl: database.url, apiKey, withLogs: target === 'fastify' });
  }
  if (settings.targets.includes('next-baseline')) {
    const baseline = await startNextServer({ node, databaseUrl: database.url, env: {}, apiKey });
    servers['next-baseline'] = { ...baseline, prefix: '/bench-baseline' };
  }
  if (settings.serverWarmup > 0) {
    for (const target of settings.targets) {
      await warmUp(servers[target]!, SCENARIOS[0]!, context, {
        connections: settings.connections,
        requests: settings.serverWarmup,
        maxSeconds: 30,
      });
    }
  }
  return servers;
}

async function stopServers(servers: Partial<Record<Target, Server>>) {
  for (const server of Object.values(servers)) await server.stop();
}

/** One request per scenario before the load: a benchmark of error pages would be worthless. */
async function checkOnce(server: Server, scenario: Scenario, context: ScenarioContext & { apiKey: string }, target: string) {
  const request = scenario.request(context);
  const response = await fetch(server.baseUrl + server.prefix + request.path, {
    method: request.method,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${context.apiKey}`, ...request.headers },
    body: request.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  const isExpected =
    scenario.answers === 'image'
      ? response.headers.get('content-type')?.startsWith('image/')
      : body.toString('utf8', 0, 1) === (scenario.answers === 'array' ? '[' : '{');
  if (!response.ok || !isExpected) {
    throw new Error(`${target} ${scenario.name}: ${request.method} ${request.path} answered ${response.status}: ${body.toString('utf8', 0, 300)}`);
  }
}

/** /pets in the browser, on a server of its own over the dashboard's catalogue. */
async function measureDashboardPage(settings: ReturnType<typeof options>): Promise<DashboardResult> {
  const database = await prepareDatabase(DASHBOARD_PETS, { fresh: settings.fresh });
  console.log(`\n## The dashboard: /pets, ${database.pets.toLocaleString('en')} pets, ${settings.dashboardRuns} cold navigation(s)`);
  const apiKey = `psk_bench_${randomBytes(24).toString('base64url')}`;
  const user = await dashboardUser(database.url);
  const server = await startNextServer({ node: settings.node, databaseUrl: database.url, env: { ...settings.serverEnv, ...user }, apiKey });
  try {
    const result = await measureDashboard({ baseUrl: server.baseUrl, user, pets: database.pets, runs: settings.dashboardRuns });
    console.log(
      `  /pets  JavaScript ${result.scriptKiB.toFixed(0)} KiB transferred (${result.scripts} scripts)` +
        `  LCP median ${result.lcpMs.median.toFixed(0)} ms (${result.lcpMs.min.toFixed(0)}–${result.lcpMs.max.toFixed(0)})`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

/** Photo uploads beside a reader of the list, on a server of its own over the first catalogue size's database. */
async function measureUploadsSection(settings: ReturnType<typeof options>): Promise<UploadResult> {
  const database = await prepareDatabase(settings.sizes[0]!, { fresh: false });
  console.log(
    `\n## Photo uploads: ${UPLOAD_CLIENTS} clients × ${settings.uploadRounds} round(s) of a 5 MB JPEG, beside GET /v1/pets on a connection of its own`,
  );
  try {
    const result = await measureUploads({
      node: settings.node,
      databaseUrl: database.url,
      apiKey: `psk_bench_${randomBytes(24).toString('base64url')}`,
      env: settings.serverEnv,
      clients: UPLOAD_CLIENTS,
      rounds: settings.uploadRounds,
    });
    console.log(
      `  uploads ${JSON.stringify(result.uploads.byStatus)} p50 ${result.uploads.p50Ms} ms  list p99 ${result.listQuiet.p99Ms} ms quiet, ${result.listBeside.p99Ms} ms beside` +
        `  RSS ${result.rssBeforeMb} → ${result.rssPeakMb} MB`,
    );
    return result;
  } finally {
    await removeBenchRows(database);
  }
}

/** A CSV import and a plain COPY of the same rows, on a server of its own over the first catalogue size's database. */
async function measureImportSection(settings: ReturnType<typeof options>): Promise<ImportResult> {
  const database = await prepareDatabase(settings.sizes[0]!, { fresh: false });
  console.log(`\n## Import: ${settings.importRows.toLocaleString('en')} rows of CSV, beside a plain COPY of the same rows`);
  try {
    const result = await measureImport({
      node: settings.node,
      databaseUrl: database.url,
      apiKey: `psk_bench_${randomBytes(24).toString('base64url')}`,
      env: settings.serverEnv,
      rows: settings.importRows,
    });
    console.log(
      `  import ${result.rowsPerSecond} rows/s (${result.seconds} s)  RSS ${result.rssBeforeMb} → ${result.rssPeakMb} MB  COPY ${result.copyRowsPerSecond} rows/s (${result.copySeconds} s)`,
    );
    return result;
  } finally {
    await removeBenchRows(database);
  }
}

async function main() {
  const settings = options();
  const started = new Date();
  await ensureBuild();
  if (settings.before) ensureBuildIn(settings.before);
  const profileDir = settings.profile ? fs.mkdtempSync(path.join(settings.out, 'profile-')) : undefined;
  const sizes: SizeReport[] = [];
  if (settings.scenarios.length > 0) for (const pets of settings.sizes) sizes.push(await measureSize(settings, pets, profileDir));
  const imported = settings.importRows > 0 ? await measureImportSection(settings) : undefined;
  const uploads = settings.uploadRounds > 0 ? await measureUploadsSection(settings) : undefined;
  const dashboard = settings.dashboardRuns > 0 ? await measureDashboardPage(settings) : undefined;
  const report = formatReport({
    startedAt: started.toISOString(),
    settings: {
      duration: settings.duration,
      rounds: settings.rounds,
      together: settings.together,
      restartServers: settings.restartServers,
      warmup: settings.warmup,
      serverWarmup: settings.serverWarmup,
      connections: settings.connections,
      rate: settings.rate,
      smoke: settings.smoke,
      profile: settings.profile,
      serverEnv: settings.serverEnv,
      nodePipeline: settings.nodePipeline,
      serverNode: execFileSync(settings.node, ['--version'], { encoding: 'utf8' }).trim(),
    },
    sizes,
    uploads,
    imported,
    dashboard,
  });
  fs.mkdirSync(settings.out, { recursive: true });
  const stem = settings.profile ? 'profile' : settings.smoke ? 'smoke' : 'latest';
  fs.writeFileSync(path.join(settings.out, `${stem}.md`), report.markdown);
  fs.writeFileSync(path.join(settings.out, `${stem}.json`), JSON.stringify(report.json, null, 2) + '\n');
  console.log('\n' + report.markdown);
  if (profileDir) {
    // Only the measured windows: start-up and warm-up are not the per-request cost.
    const windows = sizes.flatMap((size) => size.measurements.map((measurement) => measurement.window));
    const summary = summariseProfiles(profileDir, windows);
    fs.writeFileSync(path.join(settings.out, 'profile-summary.md'), summary);
    console.log(summary);
  }
  console.log(`Written: ${path.join(settings.out, `${stem}.md`)} and ${stem}.json`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
