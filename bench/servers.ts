// The servers under test: the production server (server.mjs) on the bench's
// build, which also has the Next.js baseline route, and the plain node:http
// baseline, all on one Node binary (the bench's own, or --node). Their output
// goes to a file (as it would to a log collector), not through this process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
  logFile: string;
  stop: () => Promise<void>;
};

const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? '10';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function launch(
  node: string,
  name: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  apiKey: string,
): Promise<Server> {
  const port = await freePort();
  // In memory where there is a tmpfs: a disk busy with other work would stall the server's log writes.
  const logDirectory = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const logFile = path.join(logDirectory, `petstore-bench-${name}-${port}.log`);
  const output = fs.openSync(logFile, 'w');
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(node, args, {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' } as NodeJS.ProcessEnv,
    stdio: ['ignore', output, output],
  });
  fs.closeSync(output);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(baseUrl + readyPath, { headers: { authorization: `Bearer ${apiKey}` } });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    prefix: '',
    pid: child.pid!,
    spawnedAt,
    apiKey,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(logFile, { force: true });
    },
  };
}

function tail(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '';
}

export async function startNextServer(options: {
  /** The Node binary. */
  node: string;
  databaseUrl: string;
  env: Record<string, string>;
  profileDir?: string;
  /** The bootstrap key: one for every server of a run. */
  apiKey: string;
}): Promise<Server> {
  const { apiKey } = options;
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  return launch(
    options.node,
    'next',
    [...profile, ...serverArguments(['-H', '127.0.0.1'])],
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
      // No load balancer polls /readyz here: stopping need not wait for one.
      PETSTORE_DRAIN_GRACE_MS: '0',
      ...options.env,
    },
    '/readyz',
    apiKey,
  );
}

/** The node:http baseline; it accepts the app's bootstrap key (same database). */
export async function startNodeBaseline(options: { node: string; databaseUrl: string; apiKey: string; maxPipeline: number }): Promise<Server> {
  return launch(
    options.node,
    'node-baseline',
    ['bench/baseline-node.mjs'],
    { DATABASE_URL: options.databaseUrl, DATABASE_POOL_SIZE: POOL_SIZE, BASELINE_MAX_PIPELINE: String(options.maxPipeline) },
    '/v1/pets?limit=1',
    options.apiKey,
  );
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

/** Resident memory (VmRSS) and CPU time (user + system) of a process tree. */
export function sampleProcessTree(root: number): { rssBytes: number; cpuMs: number } {
  let rssBytes = 0;
  let cpuTicks = 0;
  for (const pid of processTree(root)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      if (rss) rssBytes += Number(rss[1]) * 1024;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuTicks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  // USER_HZ is 100 on Linux.
  return { rssBytes, cpuMs: cpuTicks * 10 };
}
