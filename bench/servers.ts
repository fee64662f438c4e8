// The servers under test: the production server (server.mjs) on the bench's
// build, which also has the Next.js baseline route, the plain node:http
// baseline and the Fastify peer, all on one Node binary (the bench's own, or --node). Their output
// goes to a file (as it would to a log collector), not through this process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchServer } from '../scripts/launch-server';
import { serverArguments } from '../scripts/server-command.mjs';
import { BENCH_BUILD_ENV } from './build';

export type Server = {
  baseUrl: string;
  /** Prepended to every /v1 path (the Next.js baseline lives under /bench-baseline). */
  prefix: string;
  pid: number;
  /** performance.now() when the process was spawned (a CPU profile's clock starts about then). */
  spawnedAt: number;
  apiKey: string;
  /** The database its PostgreSQL backends serve, when that server runs on this machine (their CPU is sampled too). */
  databaseName?: string;
  logFile: string;
  stop: () => Promise<void>;
};

const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';

async function launch(
  node: string,
  name: string,
  args: (port: number) => string[],
  env: Record<string, string>,
  readyPath: string,
  apiKey: string,
  cwd?: string,
): Promise<Server> {
  // In memory where there is a tmpfs: a disk busy with other work would stall the server's log writes.
  const logDirectory = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const logFile = path.join(logDirectory, `petstore-bench-${name}-${process.pid}-${Date.now()}.log`);
  const server = await launchServer({
    name,
    node,
    args,
    cwd,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    logFile,
    // The baseline has no /readyz: any answer short of a 5xx to an API call is "up".
    readiness: { path: readyPath, headers: { authorization: `Bearer ${apiKey}` }, isReady: (status) => status < 500 },
  });
  return {
    baseUrl: server.baseUrl,
    prefix: '',
    pid: server.process.pid!,
    spawnedAt: server.spawnedAt,
    apiKey,
    databaseName: localDatabaseName(env.DATABASE_URL),
    logFile,
    stop: async () => {
      await server.stop('SIGTERM', 15_000);
      fs.rmSync(logFile, { force: true });
    },
  };
}

export async function startNextServer(options: {
  /** The Node binary. */
  node: string;
  databaseUrl: string;
  env: Record<string, string>;
  profileDir?: string;
  /** The bootstrap key: one for every server of a run. */
  apiKey: string;
  /** Another checkout whose built app runs (npm run bench -- --before); this one by default. */
  cwd?: string;
}): Promise<Server> {
  const { apiKey } = options;
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return launch(
    options.node,
    'next',
    (port) => [...profile, ...serverArguments(['-p', String(port), '-H', '127.0.0.1'])],
    {
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: POOL_SIZE,
      PETSTORE_BOOTSTRAP_API_KEY: apiKey,
      PETSTORE_SEED: 'never',
      // The bench's build (.next-bench), with the Next.js baseline route.
      ...BENCH_BUILD_ENV,
      // Every request keeps its log line, as in production.
      LOG_LEVEL: 'info',
      // The per-key rate limit would throttle the one bench key (lib/http/rate-limit.ts).
      RATE_LIMIT_RATE: '0',
      // As would the per-key share of searches (lib/http/search-slots.ts): the bench measures their cost.
      PETSTORE_SEARCHES_PER_KEY: '1000',
      // No load balancer polls /readyz here: stopping need not wait for one.
      PETSTORE_DRAIN_GRACE_MS: '0',
      ...options.env,
    },
    '/readyz',
    apiKey,
    options.cwd,
  );
}

/** The node:http baseline; it accepts the app's bootstrap key (same database). */
export async function startNodeBaseline(options: { node: string; databaseUrl: string; apiKey: string; maxPipeline: number }): Promise<Server> {
  return launch(
    options.node,
    'node-baseline',
    () => ['bench/baseline-node.mjs'],
    { DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: POOL_SIZE, BASELINE_MAX_PIPELINE: String(options.maxPipeline) },
    '/v1/pets?limit=1',
    options.apiKey,
  );
}

/** The Fastify peer (bench/baseline-fastify.mjs), with its one log line per request or (`withLogs` false) none. */
export async function startFastifyBaseline(options: { node: string; databaseUrl: string; apiKey: string; withLogs: boolean }): Promise<Server> {
  return launch(
    options.node,
    options.withLogs ? 'fastify' : 'fastify-nolog',
    () => ['bench/baseline-fastify.mjs'],
    { DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: POOL_SIZE, FASTIFY_LOG: options.withLogs ? 'on' : 'off' },
    '/v1/pets?limit=1',
    options.apiKey,
  );
}

function localDatabaseName(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) return undefined;
  const url = new URL(databaseUrl);
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? url.pathname.slice(1) : undefined;
}

/** The process and all its descendants (Next may fork workers). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

/** CPU time (user + system) of a process in ms; USER_HZ is 100 on Linux. Throws if it has ended. */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory (VmRSS) and CPU time (user + system) of a process tree. */
export function sampleProcessTree(root: number): { rssBytes: number; cpuMs: number } {
  let rssBytes = 0;
  let cpuMs = 0;
  for (const pid of processTree(root)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      if (rss) rssBytes += Number(rss[1]) * 1024;
      cpuMs += cpuMsOf(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return { rssBytes, cpuMs };
}

/**
 * CPU time (ms) of each PostgreSQL backend on this machine serving `database`, by pid: a
 * backend's title is `postgres: [cluster: ]user database client state`.
 */
export function sampleDatabaseBackends(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(/[\s\0]+/).includes(database)) continue;
      backends.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return backends;
}
