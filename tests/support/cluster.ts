// A throw-away PostgreSQL cluster of the test's own (initdb + pg_ctl on a spare
// port), for tests that stop and start the database: the shared server on 5432
// must never be stopped. Run as the `postgres` user when the tests run as root.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/fleet/processes';

export type Cluster = {
  port: number;
  url: string;
  /**
   * `pg_ctl stop`: `fast` (the default) terminates open sessions and shuts down cleanly;
   * `immediate` kills everything at once, like a crash, and the next start recovers from the WAL;
   * `smart` refuses new connections and waits for the open sessions to end: a pool's never
   * do, so it returns at once, the shutdown under way (follow it with a fast stop).
   */
  stop: (mode?: 'fast' | 'immediate' | 'smart') => Promise<void>;
  /** `pg_ctl start -w`: resolves once the cluster accepts connections. */
  start: () => Promise<void>;
  /**
   * SIGSTOPs the postmaster (new connections hang), and with `backends` every
   * process it started too (open connections hang as well: a partition, as the
   * app sees it). `resume` SIGCONTs them.
   */
  pause: (options: { backends: boolean }) => void;
  resume: () => void;
  /** The server's log so far. */
  logs: () => string;
  /** Stops the cluster if it runs and deletes its files. */
  destroy: () => Promise<void>;
};

/** The directory holding initdb and pg_ctl, or undefined when PostgreSQL's server binaries are not installed. */
export function postgresBinaries(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on the PATH
  }
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(root, version, 'bin')));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

const execFileAsync = promisify(execFile);

export async function createCluster(): Promise<Cluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are not installed');
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-cluster-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  fs.mkdirSync(socketDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // initdb refuses to run as root; the cluster belongs to the postgres user.
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(root, uid, gid);
    fs.chownSync(socketDir, uid, gid);
  }
  // Asynchronous, so that a test's request loops keep running while the cluster stops and starts.
  const run = async (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    await execFileAsync(command, fullArgs, { encoding: 'utf8' });
  };
  await run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const serverOptions = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const logFile = path.join(root, 'postgres.log');
  let running = false;
  let paused: number[] = [];
  const cluster: Cluster = {
    pause: ({ backends }) => {
      const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // The postmaster first, and its children listed only once it has stopped: a backend
      // it forked between a listing and its own stop would serve on through the pause.
      process.kill(postmaster, 'SIGSTOP');
      waitUntilStopped(postmaster);
      paused = [postmaster, ...(backends ? childrenOf(postmaster) : [])];
      for (const pid of paused.slice(1)) process.kill(pid, 'SIGSTOP');
    },
    resume: () => {
      for (const pid of paused) process.kill(pid, 'SIGCONT');
      paused = [];
    },
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logs: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    start: async () => {
      await run('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', logFile, '-o', serverOptions]);
      running = true;
    },
    stop: async (mode = 'fast') => {
      if (mode === 'smart') return run('pg_ctl', ['stop', '-W', '-m', mode, '-D', dataDir]);
      await run('pg_ctl', ['stop', '-w', '-m', mode, '-D', dataDir]);
      running = false;
    },
    destroy: async () => {
      if (paused.length) cluster.resume();
      if (running) {
        await cluster.stop().catch(() => cluster.stop('immediate'));
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

// /proc/PID/stat's fields after the parenthesised command name: [state, parent, …].
const statFields = (pid: number | string) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

// A SIGSTOP takes effect when the process next leaves the kernel: wait for state T (at most 1 s).
function waitUntilStopped(pid: number): void {
  const until = Date.now() + 1_000;
  while (statFields(pid)[0] !== 'T' && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
}

// The processes whose parent is `pid` (from /proc: no dependency on procps).
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(statFields(entry)[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
