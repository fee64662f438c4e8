// The benchmark's report: one markdown table per catalogue size (each app row
// with its ratios to the two baselines), the targets of issue 6 checked, a
// scale table when several sizes ran, and the machine it ran on.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { LoadResult } from './load';
import { SCENARIOS } from './scenarios';

export type Measurement = LoadResult & { scenario: string; target: string };
export type SizeReport = { pets: number; orders: number; measurements: Measurement[] };

type Input = { startedAt: string; settings: Record<string, unknown>; sizes: SizeReport[] };

const TARGET_RATIO = 0.9;
const TARGET_RSS_MB = 300;
const TARGET_SCALE = 1.2;

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
    loadAverage: os.loadavg().map((load) => load.toFixed(2)).join(' '),
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

function sizeTable(size: SizeReport) {
  const lines = [
    `### ${size.pets.toLocaleString('en')} pets, ${size.orders.toLocaleString('en')} orders`,
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | errors | non-2xx | peak RSS MB | drift | CPU ms/req | × Next baseline | × node baseline |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const failures: string[] = [];
  const ratios: Record<string, { next: number | null; node: number | null }> = {};
  for (const scenario of SCENARIOS) {
    const rows = size.measurements.filter((measurement) => measurement.scenario === scenario.name);
    const app = rows.find((row) => row.target === 'app');
    const nextBaseline = rows.find((row) => row.target === 'next-baseline');
    const nodeBaseline = rows.find((row) => row.target === 'node-baseline');
    for (const row of rows) {
      const isApp = row.target === 'app';
      const toNext = isApp ? ratio(row, nextBaseline) : null;
      const toNode = isApp ? ratio(row, nodeBaseline) : null;
      if (isApp) ratios[scenario.name] = { next: toNext, node: toNode };
      lines.push(
        `| ${scenario.name} | ${row.target} | ${fixed(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors + row.timeouts} | ${row.non2xx} | ` +
          `${row.peakRssMb} | ${row.drift === null ? 'n/a' : fixed(row.drift, 2)} | ${fixed(row.cpuMsPerRequest, 2)} | ${toNext === null ? '' : fixed(toNext, 2)} | ${toNode === null ? '' : fixed(toNode, 2)} |`,
      );
      if (!isApp) continue;
      if (toNext !== null && toNext < TARGET_RATIO) failures.push(`${scenario.name}: ${fixed(toNext, 2)}× the Next.js baseline (target ≥ ${TARGET_RATIO})`);
      if (row.errors + row.timeouts > 0 || row.non2xx > 0) failures.push(`${scenario.name}: ${row.errors + row.timeouts} errors, ${row.non2xx} non-2xx`);
      if (row.peakRssMb > TARGET_RSS_MB) failures.push(`${scenario.name}: peak RSS ${row.peakRssMb} MB (target ≤ ${TARGET_RSS_MB})`);
      if (row.drift !== null && (row.drift < 0.9 || row.drift > 1.1)) failures.push(`${scenario.name}: drift ${fixed(row.drift, 2)} (target 0.90–1.10)`);
    }
    void app;
  }
  return { lines, failures, ratios };
}

// The app's variants (--targets app-pgbouncer, app-metrics) against the app itself, measured in the same run.
const VARIANTS: Record<string, string> = {
  'app-pgbouncer': 'the app through PgBouncer (transaction pooling, unnamed statements)',
  'app-metrics': 'the app recording Prometheus metrics (PETSTORE_METRICS_TOKEN set)',
};

function variantsTable(size: SizeReport): string[] {
  const rows = size.measurements.filter((measurement) => measurement.target in VARIANTS);
  if (rows.length === 0) return [];
  const lines = [
    `### The app's variants against the app (${size.pets.toLocaleString('en')} pets)`,
    '',
    ...Object.entries(VARIANTS).map(([name, description]) => `- **${name}**: ${description}`),
    '',
    '| scenario | server | req/s | × app req/s | p50 ms | p99 ms | CPU ms/req | × app CPU ms/req |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const row of rows) {
    const app = size.measurements.find((measurement) => measurement.scenario === row.scenario && measurement.target === 'app');
    const toApp = app && app.requestsPerSecond > 0 ? fixed(row.requestsPerSecond / app.requestsPerSecond, 2) : '';
    const cpuToApp = app && app.cpuMsPerRequest > 0 ? fixed(row.cpuMsPerRequest / app.cpuMsPerRequest, 2) : '';
    lines.push(
      `| ${row.scenario} | ${row.target} | ${fixed(row.requestsPerSecond)} | ${toApp} | ${row.p50} | ${row.p99} | ${fixed(row.cpuMsPerRequest, 2)} | ${cpuToApp} |`,
    );
  }
  return [...lines, ''];
}

function scaleTable(sizes: SizeReport[]) {
  const sorted = [...sizes].sort((a, b) => a.pets - b.pets);
  const small = sorted[0]!;
  const large = sorted[sorted.length - 1]!;
  const lines = [
    `### Scale: ${large.pets.toLocaleString('en')} pets against ${small.pets.toLocaleString('en')} (target for the app: latency within ${TARGET_SCALE}×)`,
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
      if (target === 'app' && (scenario.name === 'list' || scenario.name === 'getPet') && (p50 > TARGET_SCALE || p99 > TARGET_SCALE)) {
        failures.push(`${scenario.name}: latency at ${large.pets} pets is ${fixed(Math.max(p50, p99), 2)}× that at ${small.pets} (target ≤ ${TARGET_SCALE})`);
      }
    }
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
    nodePipeline?: number;
    serverEnv?: object;
  };
  const lines = [
    `## Petstore benchmark, ${input.startedAt}`,
    '',
    `${settings.connections} connections; each server first warmed up with ${settings.serverWarmup ?? 0} requests (30 s at most), then per scenario and server ` +
      `${settings.warmup} s of warm-up and ${settings.duration} s measured; ` +
      'servers measured side by side in this one run. Machine: ' +
      `${host.cpus}, ${host.memoryGb} GB, load average at the end ${host.loadAverage}; Node ${host.node}, Next.js ${host.next}, ` +
      `postgres driver ${host.postgresDriver}, ${host.postgres}.`,
    '',
    'Servers: **app** = /v1 on the production server (server.mjs: Next\'s request handler behind the JSON front door); **next-baseline** = a minimal route handler in the same build ' +
      '(bearer lookup, one query, JSON; app/bench-baseline, on only with PETSTORE_BENCH_BASELINE=1); ' +
      `**node-baseline** = the same work on plain node:http + postgres (bench/baseline-node.mjs, max_pipeline ${settings.nodePipeline ?? 1}). ` +
      'Each server is a process of its own (the two Next.js ones run the same build). ' +
      'Drift = req/s of the last fifth of the window over the first fifth. CPU ms/req = server process CPU time / requests.' +
      (settings.serverEnv && Object.keys(settings.serverEnv).length > 0 ? ` App environment: ${JSON.stringify(settings.serverEnv)}.` : ''),
    '',
  ];
  const failures: string[] = [];
  const ratios: Record<number, Record<string, { next: number | null; node: number | null }>> = {};
  for (const size of input.sizes) {
    const table = sizeTable(size);
    lines.push(...table.lines, '', ...variantsTable(size));
    failures.push(...table.failures.map((failure) => `${size.pets.toLocaleString('en')} pets, ${failure}`));
    ratios[size.pets] = table.ratios;
  }
  if (input.sizes.length > 1) {
    const table = scaleTable(input.sizes);
    lines.push(...table.lines, '');
    failures.push(...table.failures);
  }
  lines.push('### Targets of issue 6', '');
  lines.push(
    failures.length === 0
      ? '- All met: every scenario ≥ 0.9× the Next.js baseline, no errors, peak RSS ≤ 300 MB, drift within 0.9–1.1.'
      : failures.map((failure) => `- Not met: ${failure}`).join('\n'),
  );
  const list = Object.values(ratios)[0]?.list?.node;
  if (list != null) lines.push(`- list at ${fixed(list, 2)}× the plain node:http baseline (aim: ≥ 0.5).`);
  lines.push('');
  return {
    markdown: lines.join('\n'),
    json: { startedAt: input.startedAt, machine: host, settings: input.settings, sizes: input.sizes, ratios, unmetTargets: failures },
  };
}
