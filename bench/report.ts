// The benchmark's report: one markdown table per catalogue size (each app row
// with its ratios to the node:http baseline, which the targets are set against,
// and to the Next.js baseline, for reference), the targets of issue 11 checked,
// a scale table when several sizes ran, and the machine it ran on.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { LoadResult } from './load';
import { SCENARIOS } from './scenarios';

export type Measurement = LoadResult & { scenario: string; target: string };
export type SizeReport = { pets: number; orders: number; measurements: Measurement[] };

type Input = { startedAt: string; settings: Record<string, unknown>; sizes: SizeReport[] };

// Issue 11's targets, all against the node:http baseline except RSS and scale.
const TARGET_RATIO = 0.7;
const MOONSHOT_RATIO = 0.9;
const TARGET_P99 = 2;
const TARGET_CPU = 1.5;
const TARGET_RSS_MB = 200;
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

type Ratios = { node: number | null; next: number | null; p99: number | null; cpu: number | null };

function sizeTable(size: SizeReport) {
  const lines = [
    `### ${size.pets.toLocaleString('en')} pets, ${size.orders.toLocaleString('en')} orders`,
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | errors | non-2xx | peak RSS MB | drift | CPU ms/req | req/s × node baseline | p99 × node | CPU × node | req/s × Next baseline |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const failures: string[] = [];
  const ratios: Record<string, Ratios> = {};
  const shown = (value: number | null) => (value === null ? '' : fixed(value, 2));
  for (const scenario of SCENARIOS) {
    const rows = size.measurements.filter((measurement) => measurement.scenario === scenario.name);
    const nextBaseline = rows.find((row) => row.target === 'next-baseline');
    const nodeBaseline = rows.find((row) => row.target === 'node-baseline');
    for (const row of rows) {
      const isApp = row.target === 'app';
      const toNode = isApp ? ratio(row, nodeBaseline) : null;
      const toNext = isApp ? ratio(row, nextBaseline) : null;
      const p99 = isApp && nodeBaseline ? row.p99 / Math.max(nodeBaseline.p99, 1) : null;
      const cpu = isApp && nodeBaseline && nodeBaseline.cpuMsPerRequest > 0 ? row.cpuMsPerRequest / nodeBaseline.cpuMsPerRequest : null;
      if (isApp) ratios[scenario.name] = { node: toNode, next: toNext, p99, cpu };
      lines.push(
        `| ${scenario.name} | ${row.target} | ${fixed(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors + row.timeouts} | ${row.non2xx} | ` +
          `${row.peakRssMb} | ${row.drift === null ? 'n/a' : fixed(row.drift, 2)} | ${fixed(row.cpuMsPerRequest, 2)} | ${shown(toNode)} | ${shown(p99)} | ${shown(cpu)} | ${shown(toNext)} |`,
      );
      if (!isApp) continue;
      if (toNode !== null && toNode < TARGET_RATIO) failures.push(`${scenario.name}: ${fixed(toNode, 2)}× the node:http baseline's req/s (target ≥ ${TARGET_RATIO})`);
      if (p99 !== null && p99 > TARGET_P99) failures.push(`${scenario.name}: p99 ${fixed(p99, 2)}× the node:http baseline's (target ≤ ${TARGET_P99})`);
      if (cpu !== null && cpu > TARGET_CPU) failures.push(`${scenario.name}: CPU per request ${fixed(cpu, 2)}× the node:http baseline's (target ≤ ${TARGET_CPU})`);
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

export function formatReport(input: Input) {
  const host = machine();
  const settings = input.settings as {
    duration: number;
    warmup: number;
    serverWarmup?: number;
    connections: number;
    nodePipeline?: number;
    serverEnv?: object;
    serverNode?: string;
  };
  const lines = [
    `## Petstore benchmark, ${input.startedAt}`,
    '',
    `${settings.connections} connections; each server first warmed up with ${settings.serverWarmup ?? 0} requests (30 s at most), then per scenario and server ` +
      `${settings.warmup} s of warm-up and ${settings.duration} s measured; ` +
      'servers measured side by side in this one run. Machine: ' +
      `${host.cpus}, ${host.memoryGb} GB, load average at the end ${host.loadAverage}; servers on Node ${settings.serverNode ?? host.node} ` +
      `(load generator on ${host.node}), Next.js ${host.next}, ` +
      `postgres driver ${host.postgresDriver}, ${host.postgres}.`,
    '',
    'Servers: **app** = /v1 on the production server (server.mjs: the route handlers called through lib/v1-path, without Next\'s router); ' +
      `**node-baseline** = the same work on plain node:http + postgres (bench/baseline-node.mjs, max_pipeline ${settings.nodePipeline ?? 1}); ` +
      '**next-baseline** (reference) = that work in a minimal route handler under Next\'s router (app/bench-baseline, in the bench\'s build only). ' +
      'Each server is a process of its own (the two Next.js ones run the same build). ' +
      'Drift = req/s of the last fifth of the window over the first fifth. CPU ms/req = server process CPU time / requests.' +
      (settings.serverEnv && Object.keys(settings.serverEnv).length > 0 ? ` App environment: ${JSON.stringify(settings.serverEnv)}.` : ''),
    '',
  ];
  const failures: string[] = [];
  const ratios: Record<number, Record<string, Ratios>> = {};
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
  lines.push('### Targets of issue 11', '');
  lines.push(
    failures.length === 0
      ? `- All met: every scenario ≥ ${TARGET_RATIO}× the node:http baseline's req/s, p99 ≤ ${TARGET_P99}× and CPU per request ≤ ${TARGET_CPU}× its own, ` +
          `no errors, peak RSS ≤ ${TARGET_RSS_MB} MB, drift within 0.9–1.1.`
      : failures.map((failure) => `- Not met: ${failure}`).join('\n'),
  );
  const belowMoonshot = Object.entries(Object.values(ratios)[0] ?? {}).filter(([, ratio]) => ratio.node !== null && ratio.node < MOONSHOT_RATIO);
  if (Object.keys(Object.values(ratios)[0] ?? {}).length > 0) {
    lines.push(
      belowMoonshot.length === 0
        ? `- Moonshot met: every scenario ≥ ${MOONSHOT_RATIO}× the node:http baseline.`
        : `- Moonshot (≥ ${MOONSHOT_RATIO}× the node:http baseline) not reached by: ${belowMoonshot.map(([name, ratio]) => `${name} ${fixed(ratio.node!, 2)}×`).join(', ')}.`,
    );
  }
  lines.push('');
  return {
    markdown: lines.join('\n'),
    json: { startedAt: input.startedAt, machine: host, settings: input.settings, sizes: input.sizes, ratios, unmetTargets: failures },
  };
}
