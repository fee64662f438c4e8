// The benchmark's report: one markdown table per catalogue size (each app row
// with its ratios to the Fastify peer with logs, which the targets are set
// against, to the node:http baseline and to the Next.js baseline), the app's
// variants against the app (the activity log's cost among them), the targets
// checked, a scale table when several sizes ran, photo uploads under load, the
// dashboard's /pets in the browser, and the machine it ran on.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { DashboardResult } from './dashboard';
import type { LoadResult } from './load';
import type { UploadResult } from './uploads';
import type { ImportResult } from './imports';
import { SCENARIOS } from './scenarios';

export type Measurement = LoadResult & {
  scenario: string;
  target: string;
  /** With --rounds: each round's CPU per request, server + database, in the rounds' order. */
  roundsTotalCpu?: number[];
};
export type SizeReport = { pets: number; orders: number; measurements: Measurement[] };

type Input = {
  startedAt: string;
  settings: Record<string, unknown>;
  sizes: SizeReport[];
  uploads?: UploadResult;
  imported?: ImportResult;
  dashboard?: DashboardResult;
};

// The targets, against the Fastify peer with its log line (docs/PERFORMANCE.md),
// for the operations a client calls most; RSS, errors and drift for every scenario.
const TARGET_SCENARIOS = ['list', 'getPet', 'createPet'];
const TARGET_RATIO = 0.8;
const TARGET_P99 = 1.5;
const TARGET_CPU = 1.3;
const TARGET_RSS_MB = 200;
const TARGET_SCALE = 1.2;
// What the activity log may add to a write's CPU per request (app-nolog against the app).
const LOG_SCENARIOS = ['createPet', 'updatePet'];
const TARGET_LOG_CPU = 1.1;
// Photo uploads under load: the list's p99 beside them, and how far the server's RSS may rise.
const TARGET_LIST_P99_BESIDE_UPLOADS_MS = 100;
const TARGET_UPLOAD_RSS_GROWTH_MB = 150;
// The dashboard's /pets: first-load JavaScript as transferred, and its Largest Contentful Paint (medians).
const TARGET_DASHBOARD_JS_KIB = 200;
const TARGET_DASHBOARD_LCP_MS = 500;

function machine() {
  const version = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')).version as string;
  let postgresVersion = 'unknown';
  try {
    postgresVersion = execSync('psql --version', { encoding: 'utf8' }).trim();
  } catch {
    // no psql on this machine
  }
  return {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
    node: process.version,
    next: version('node_modules/next/package.json'),
    postgresDriver: version('node_modules/postgres/package.json'),
    postgres: postgresVersion,
  };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

function ratio(app: Measurement, baseline: Measurement | undefined): number | null {
  return baseline && baseline.requestsPerSecond > 0 ? app.requestsPerSecond / baseline.requestsPerSecond : null;
}

type Ratios = { fastify: number | null; node: number | null; next: number | null; p99: number | null; cpu: number | null };

function sizeTable(size: SizeReport) {
  const lines = [
    `### ${size.pets.toLocaleString('en')} pets, ${size.orders.toLocaleString('en')} orders`,
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | errors | non-2xx | peak RSS MB | drift | CPU ms/req | req/s × Fastify | p99 × Fastify | CPU × Fastify | req/s × node | req/s × Next |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const failures: string[] = [];
  const ratios: Record<string, Ratios> = {};
  const shown = (value: number | null) => (value === null ? '' : fixed(value, 2));
  for (const scenario of SCENARIOS) {
    const rows = size.measurements.filter((measurement) => measurement.scenario === scenario.name);
    const peer = rows.find((row) => row.target === 'fastify');
    const nodeBaseline = rows.find((row) => row.target === 'node-baseline');
    const nextBaseline = rows.find((row) => row.target === 'next-baseline');
    for (const row of rows) {
      const isApp = row.target === 'app';
      const toPeer = isApp ? ratio(row, peer) : null;
      const p99 = isApp && peer ? row.p99 / Math.max(peer.p99, 1) : null;
      const cpu = isApp && peer && peer.cpuMsPerRequest > 0 ? row.cpuMsPerRequest / peer.cpuMsPerRequest : null;
      const toNode = isApp ? ratio(row, nodeBaseline) : null;
      const toNext = isApp ? ratio(row, nextBaseline) : null;
      if (isApp) ratios[scenario.name] = { fastify: toPeer, node: toNode, next: toNext, p99, cpu };
      lines.push(
        `| ${scenario.name} | ${row.target} | ${fixed(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors + row.timeouts} | ${row.non2xx} | ` +
          `${row.peakRssMb} | ${row.drift === null ? 'n/a' : fixed(row.drift, 2)} | ${fixed(row.cpuMsPerRequest, 2)} | ` +
          `${shown(toPeer)} | ${shown(p99)} | ${shown(cpu)} | ${shown(toNode)} | ${shown(toNext)} |`,
      );
      if (!isApp) continue;
      if (TARGET_SCENARIOS.includes(scenario.name)) {
        if (toPeer !== null && toPeer < TARGET_RATIO) failures.push(`${scenario.name}: ${fixed(toPeer, 2)}× Fastify's req/s (target ≥ ${TARGET_RATIO})`);
        if (cpu !== null && cpu > TARGET_CPU) failures.push(`${scenario.name}: CPU per request ${fixed(cpu, 2)}× Fastify's (target ≤ ${TARGET_CPU})`);
        if (p99 !== null && p99 > TARGET_P99) failures.push(`${scenario.name}: p99 ${fixed(p99, 2)}× Fastify's (target ≤ ${TARGET_P99})`);
      }
      if (row.errors + row.timeouts > 0 || row.non2xx > 0) failures.push(`${scenario.name}: ${row.errors + row.timeouts} errors, ${row.non2xx} non-2xx`);
      if (row.peakRssMb > TARGET_RSS_MB) failures.push(`${scenario.name}: peak RSS ${row.peakRssMb} MB (target ≤ ${TARGET_RSS_MB})`);
      if (row.drift !== null && (row.drift < 0.9 || row.drift > 1.1)) failures.push(`${scenario.name}: drift ${fixed(row.drift, 2)} (target 0.90–1.10)`);
    }
  }
  return { lines, failures, ratios };
}

// The app's variants (--targets app-pgbouncer, app-metrics) against the app itself, measured in the same run.
const VARIANTS: Record<string, string> = {
  'app-pgbouncer': 'the app through PgBouncer (transaction pooling, unnamed statements)',
  'app-metrics': 'the app recording Prometheus metrics (PETSTORE_METRICS_TOKEN set)',
  'app-nolog': "the app on a copy of the bench database whose activity triggers are disabled (the log's cost is the app's excess over it)",
  'app-copy': "the app on a copy of the bench database as it is (app-nolog's control: the app's excess over it is the bench's noise)",
  'app-before': "the app of another checkout (--before), on the same database and Node: the app's req/s against it is 1 / its × app req/s",
};

/** CPU per request of the server and, when sampled, of its database backends. */
export const totalCpu = (row: Measurement) => row.cpuMsPerRequest + (row.dbCpuMsPerRequest ?? 0);
const dbCpu = (row: Measurement) => (row.dbCpuMsPerRequest === null ? 'n/a' : fixed(row.dbCpuMsPerRequest, 2));

function variantsTable(size: SizeReport): string[] {
  const rows = size.measurements.filter((measurement) => measurement.target in VARIANTS);
  if (rows.length === 0) return [];
  const lines = [
    `### The app's variants against the app (${size.pets.toLocaleString('en')} pets)`,
    '',
    ...Object.entries(VARIANTS).map(([name, description]) => `- **${name}**: ${description}`),
    '',
    '| scenario | server | req/s | × app req/s | p50 ms | p99 ms | CPU ms/req | × app CPU ms/req | DB CPU ms/req |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const app = size.measurements.find((measurement) => measurement.scenario === row.scenario && measurement.target === 'app');
    const toApp = app && app.requestsPerSecond > 0 ? fixed(row.requestsPerSecond / app.requestsPerSecond, 2) : '';
    const cpuToApp = app && app.cpuMsPerRequest > 0 ? fixed(row.cpuMsPerRequest / app.cpuMsPerRequest, 2) : '';
    lines.push(
      `| ${row.scenario} | ${row.target} | ${fixed(row.requestsPerSecond)} | ${toApp} | ${row.p50} | ${row.p99} | ${fixed(row.cpuMsPerRequest, 2)} | ${cpuToApp} | ${dbCpu(row)} |`,
    );
  }
  return [...lines, ''];
}

/**
 * The activity log's cost: the writes' CPU per request on the app against app-nolog, the
 * server's and its database backends' (where the triggers run) together, as the target counts it;
 * and against app-copy, when measured, what the same comparison shows with the log on both.
 */
function activityLogTable(size: SizeReport) {
  const against = { 'app-nolog': 'app-nolog (without the log)', 'app-copy': 'app-copy (the control)' };
  const pairs = LOG_SCENARIOS.flatMap((scenario) => {
    const at = (target: string) => size.measurements.find((row) => row.scenario === scenario && row.target === target);
    const app = at('app');
    return Object.keys(against).flatMap((target) => {
      const other = at(target);
      return app && other ? [{ scenario, app, other }] : [];
    });
  });
  if (!pairs.some(({ other }) => other.target === 'app-nolog')) return { lines: [], failures: [] };
  const lines = [
    `### The activity log's cost (${size.pets.toLocaleString('en')} pets; target: at most +${fixed((TARGET_LOG_CPU - 1) * 100)}% CPU per request)`,
    '',
    '| scenario | app CPU ms/req (server + DB) | against | its CPU ms/req (server + DB) | app × it | in each round |',
    '|---|--:|---|--:|--:|--:|',
  ];
  const failures: string[] = [];
  const cpu = (row: Measurement) => `${fixed(totalCpu(row), 2)} (${fixed(row.cpuMsPerRequest, 2)} + ${dbCpu(row)})`;
  for (const { scenario, app, other } of pairs) {
    const ratio = totalCpu(other) > 0 ? totalCpu(app) / totalCpu(other) : null;
    const eachRound = (app.roundsTotalCpu ?? []).map((total, round) => fixed(total / (other.roundsTotalCpu?.[round] ?? NaN), 2));
    const name = against[other.target as keyof typeof against];
    lines.push(`| ${scenario} | ${cpu(app)} | ${name} | ${cpu(other)} | ${ratio === null ? '' : fixed(ratio, 2)} | ${eachRound.join(', ')} |`);
    if (other.target === 'app-nolog' && ratio !== null && ratio > TARGET_LOG_CPU) {
      failures.push(`${scenario}: the activity log makes CPU per request ${fixed(ratio, 2)}× that without it (target ≤ ${TARGET_LOG_CPU})`);
    }
  }
  return { lines: [...lines, ''], failures };
}

function scaleTable(sizes: SizeReport[]) {
  const sorted = [...sizes].sort((a, b) => a.pets - b.pets);
  const small = sorted[0]!;
  const large = sorted[sorted.length - 1]!;
  const lines = [
    `### Scale: ${large.pets.toLocaleString('en')} pets against ${small.pets.toLocaleString('en')} (target for the app's list and getPet: p99 within ${TARGET_SCALE}×)`,
    '',
    'The node:http baseline runs the same queries with far less CPU per request, so its row shows the database side alone.',
    '',
    '| scenario | server | p50 ms small → large | p99 ms small → large | p50 × | p99 × | req/s × |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  const failures: string[] = [];
  for (const scenario of SCENARIOS) {
    for (const target of ['app', 'node-baseline']) {
      const at = (size: SizeReport) => size.measurements.find((row) => row.scenario === scenario.name && row.target === target);
      const before = at(small);
      const after = at(large);
      if (!before || !after) continue;
      const p50 = after.p50 / Math.max(before.p50, 1);
      const p99 = after.p99 / Math.max(before.p99, 1);
      lines.push(
        `| ${scenario.name} | ${target} | ${before.p50} → ${after.p50} | ${before.p99} → ${after.p99} | ${fixed(p50, 2)} | ${fixed(p99, 2)} | ` +
          `${fixed(after.requestsPerSecond / Math.max(before.requestsPerSecond, 1), 2)} |`,
      );
      if (target === 'app' && (scenario.name === 'list' || scenario.name === 'getPet') && p99 > TARGET_SCALE) {
        failures.push(`${scenario.name}: p99 at ${large.pets} pets is ${fixed(p99, 2)}× that at ${small.pets} (target ≤ ${TARGET_SCALE})`);
      }
    }
  }
  return { lines, failures };
}

// A CSV import (bench/imports.ts): its rows a second, and the server's peak RSS meanwhile.
const TARGET_IMPORT_ROWS_PER_SECOND = 2_000;
const TARGET_IMPORT_RSS_MB = 300;

function importTable(imported: ImportResult) {
  const lines = [
    `### Import (targets: ≥ ${TARGET_IMPORT_ROWS_PER_SECOND.toLocaleString('en')} rows/s, server RSS < ${TARGET_IMPORT_RSS_MB} MB)`,
    '',
    `POST /v1/pets/imports with ${imported.rows.toLocaleString('en')} new pets (${imported.fileMb} MB of CSV), timed from the POST to the Import's \`done\` ` +
      '(bench/imports.ts); RSS: the server process tree, sampled every 100 ms. Beside it, a plain COPY of the same rows into pets in one transaction (its triggers fire as for the import).',
    '',
    '| rows | 202 after ms | import s | import rows/s | RSS before MB | RSS peak MB | COPY s | COPY rows/s |',
    '|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| ${imported.rows} | ${imported.acceptedMs} | ${imported.seconds} | ${imported.rowsPerSecond} | ${imported.rssBeforeMb} | ${imported.rssPeakMb} | ${imported.copySeconds} | ${imported.copyRowsPerSecond} |`,
    '',
  ];
  const failures: string[] = [];
  if (imported.rowsPerSecond < TARGET_IMPORT_ROWS_PER_SECOND)
    failures.push(`import: ${imported.rowsPerSecond} rows/s (target ≥ ${TARGET_IMPORT_ROWS_PER_SECOND})`);
  if (imported.rssPeakMb >= TARGET_IMPORT_RSS_MB) failures.push(`import: server RSS ${imported.rssPeakMb} MB (target < ${TARGET_IMPORT_RSS_MB})`);
  return { lines, failures };
}

function uploadsTable(uploads: UploadResult) {
  const growth = uploads.rssPeakMb - uploads.rssBeforeMb;
  const lines = [
    `### Photo uploads under load (targets: GET /v1/pets p99 < ${TARGET_LIST_P99_BESIDE_UPLOADS_MS} ms beside them, RSS growth ≤ ${TARGET_UPLOAD_RSS_GROWTH_MB} MB)`,
    '',
    `${uploads.clients} clients each upload a ${fixed(uploads.jpegBytes / 2 ** 20, 1)} MB JPEG at the same moment, ${uploads.rounds} round(s) (bench/uploads.ts); ` +
      'one more client reads GET /v1/pets?limit=20 on a connection of its own, one request after another, for 3 s before (quiet) and throughout (beside). ' +
      'RSS: the server process tree, sampled every 100 ms, against where it stood just before the first round.',
    '',
    '| uploads | by status | upload p50 ms | upload max ms | list p50 / p99 ms quiet | list p50 / p99 ms beside | list requests beside | RSS before MB | RSS peak MB | growth MB |',
    '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    `| ${uploads.uploads.count} | ${Object.entries(uploads.uploads.byStatus)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ')} | ${uploads.uploads.p50Ms} | ${uploads.uploads.maxMs} | ${uploads.listQuiet.p50Ms} / ${uploads.listQuiet.p99Ms} | ` +
      `${uploads.listBeside.p50Ms} / ${uploads.listBeside.p99Ms} | ${uploads.listBeside.requests} | ${uploads.rssBeforeMb} | ${uploads.rssPeakMb} | ${growth} |`,
    '',
  ];
  const failures: string[] = [];
  if (uploads.listBeside.p99Ms >= TARGET_LIST_P99_BESIDE_UPLOADS_MS) {
    failures.push(`uploads: GET /v1/pets p99 ${uploads.listBeside.p99Ms} ms beside them (target < ${TARGET_LIST_P99_BESIDE_UPLOADS_MS})`);
  }
  if (growth > TARGET_UPLOAD_RSS_GROWTH_MB) failures.push(`uploads: RSS grew ${growth} MB (target ≤ ${TARGET_UPLOAD_RSS_GROWTH_MB})`);
  const refused = uploads.uploads.count - (uploads.uploads.byStatus['201'] ?? 0);
  if (refused > 0) failures.push(`uploads: ${refused} of ${uploads.uploads.count} not added`);
  return { lines, failures };
}

function dashboardTable(dashboard: DashboardResult) {
  const lines = [
    `### The dashboard: ${dashboard.path} on ${dashboard.pets.toLocaleString('en')} pets (targets: JavaScript ≤ ${TARGET_DASHBOARD_JS_KIB} KiB, LCP ≤ ${TARGET_DASHBOARD_LCP_MS} ms)`,
    '',
    'Headless Chromium, signed in; each run a cold navigation (a fresh page, the HTTP cache off) until the page has fetched nothing for half a second; medians of the runs. ' +
      'JavaScript = the scripts of the first load as transferred (headers and body, compressed as npm start sends them); chunks loaded on demand later are not in it.',
    '',
    '| page | runs | JavaScript KiB | of which bodies KiB | scripts | all transferred KiB | LCP median ms | LCP min–max ms |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    `| ${dashboard.path} | ${dashboard.runs} | ${fixed(dashboard.scriptKiB, 1)} | ${fixed(dashboard.scriptBodyKiB, 1)} | ${dashboard.scripts} | ` +
      `${fixed(dashboard.transferKiB, 1)} | ${fixed(dashboard.lcpMs.median)} | ${fixed(dashboard.lcpMs.min)}–${fixed(dashboard.lcpMs.max)} |`,
    '',
  ];
  const failures: string[] = [];
  if (dashboard.scriptKiB > TARGET_DASHBOARD_JS_KIB) {
    failures.push(`${dashboard.path}: first-load JavaScript ${fixed(dashboard.scriptKiB, 1)} KiB (target ≤ ${TARGET_DASHBOARD_JS_KIB})`);
  }
  if (dashboard.lcpMs.median > TARGET_DASHBOARD_LCP_MS) {
    failures.push(`${dashboard.path}: LCP ${fixed(dashboard.lcpMs.median)} ms (target ≤ ${TARGET_DASHBOARD_LCP_MS})`);
  }
  return { lines, failures };
}

export function formatReport(input: Input) {
  const host = machine();
  const settings = input.settings as {
    duration: number;
    warmup: number;
    serverWarmup?: number;
    connections: number;
    rate?: number;
    nodePipeline?: number;
    serverEnv?: object;
    serverNode?: string;
    rounds?: number;
    together?: boolean;
    restartServers?: boolean;
  };
  const lines = [
    `## Petstore benchmark, ${input.startedAt}`,
    '',
    `${settings.connections} connections${settings.rate === undefined ? '' : `, ${settings.rate} requests a second ${settings.together ? 'to each server' : 'in all'}`}; each server first warmed up with ${settings.serverWarmup ?? 0} requests (30 s at most), then per scenario and server ` +
      `${settings.warmup} s of warm-up and ${settings.duration} s measured` +
      `${(settings.rounds ?? 1) > 1 ? `, in ${settings.rounds} rounds (the targets' order alternating; ${settings.restartServers ? 'the servers started anew for each; ' : ''}their means reported)` : ''}; ` +
      `${settings.together ? "each scenario's servers loaded at the same time, each by a load generator of its own" : 'servers measured side by side in this one run'}. Machine: ` +
      `${host.cpus}, ${host.memoryGb} GB, load average at the end ${host.loadAverage}; servers on Node ${settings.serverNode ?? host.node} ` +
      `(load generator on ${host.node}), Next.js ${host.next}, ` +
      `postgres driver ${host.postgresDriver}, ${host.postgres}.`,
    '',
    "Servers: **app** = /v1 on the production server (server.mjs: the route handlers called through lib/v1-path, without Next's router); " +
      '**fastify** = the peer: Fastify 5 doing the same work (a key lookup per request, ajv validation, fast-json-stringify, one pino line per request; ' +
      'bench/baseline-fastify.mjs); **fastify-nolog** = the same without its log line; ' +
      `**node-baseline** = the least work on plain node:http + postgres (bench/baseline-node.mjs, max_pipeline ${settings.nodePipeline ?? 1}); ` +
      "**next-baseline** (reference) = that work in a minimal route handler under Next's router (app/bench-baseline, in the bench's build only). " +
      'Each server is a process of its own (the two Next.js ones run the same build). ' +
      'Drift = req/s of the last fifth of the window over the first fifth. CPU ms/req = server process CPU time / requests; ' +
      'DB CPU ms/req = CPU time of the PostgreSQL backends serving its database / requests.' +
      (settings.serverEnv && Object.keys(settings.serverEnv).length > 0 ? ` App environment: ${JSON.stringify(settings.serverEnv)}.` : ''),
    '',
  ];
  const failures: string[] = [];
  let hasLogPairs = false;
  const ratios: Record<number, Record<string, Ratios>> = {};
  for (const size of input.sizes) {
    const table = sizeTable(size);
    const log = activityLogTable(size);
    lines.push(...table.lines, '', ...variantsTable(size), ...log.lines);
    failures.push(...[...table.failures, ...log.failures].map((failure) => `${size.pets.toLocaleString('en')} pets, ${failure}`));
    hasLogPairs ||= log.lines.length > 0;
    ratios[size.pets] = table.ratios;
  }
  if (input.sizes.length > 1) {
    const table = scaleTable(input.sizes);
    lines.push(...table.lines, '');
    failures.push(...table.failures);
  }
  if (input.uploads) {
    const table = uploadsTable(input.uploads);
    lines.push(...table.lines);
    failures.push(...table.failures);
  }
  if (input.imported) {
    const table = importTable(input.imported);
    lines.push(...table.lines);
    failures.push(...table.failures);
  }
  if (input.dashboard) {
    const table = dashboardTable(input.dashboard);
    lines.push(...table.lines);
    failures.push(...table.failures);
  }
  lines.push('### Targets', '');
  lines.push(
    failures.length === 0
      ? `- All met: ${TARGET_SCENARIOS.join(', ')} at ≥ ${TARGET_RATIO}× Fastify's req/s, CPU per request ≤ ${TARGET_CPU}× and p99 ≤ ${TARGET_P99}× its own; ` +
          `every scenario without errors, peak RSS ≤ ${TARGET_RSS_MB} MB, drift within 0.9–1.1` +
          (hasLogPairs ? `; the activity log adds ≤ ${fixed((TARGET_LOG_CPU - 1) * 100)}% to ${LOG_SCENARIOS.join(' and ')}'s CPU per request` : '') +
          (input.uploads
            ? `; beside ${input.uploads.clients} uploads at once GET /v1/pets keeps p99 < ${TARGET_LIST_P99_BESIDE_UPLOADS_MS} ms and RSS grows ≤ ${TARGET_UPLOAD_RSS_GROWTH_MB} MB`
            : '') +
          (input.dashboard
            ? `; ${input.dashboard.path} loads ≤ ${TARGET_DASHBOARD_JS_KIB} KiB of JavaScript and paints its largest content in ≤ ${TARGET_DASHBOARD_LCP_MS} ms.`
            : '.')
      : [
          ...failures.map((failure) => `- Not met: ${failure}`),
          '',
          'Why, and the levers tried and measured: docs/PERFORMANCE.md, "Against the Fastify peer", "The profile after the answer levers" and "Levers tried for the peer"; ' +
            "this run's own profile: `npm run bench -- --profile --scenarios <scenario>` (self time by area, bench/results/profile-summary.md)" +
            (input.dashboard ? '; for the dashboard, "The dashboard" there (what its first load holds, what loads on demand).' : '.'),
        ].join('\n'),
  );
  lines.push('');
  return {
    markdown: lines.join('\n'),
    json: {
      startedAt: input.startedAt,
      machine: host,
      settings: input.settings,
      sizes: input.sizes,
      uploads: input.uploads ?? null,
      imported: input.imported ?? null,
      dashboard: input.dashboard ?? null,
      ratios,
      unmetTargets: failures,
    },
  };
}
