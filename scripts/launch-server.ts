// The one launcher of a server process: the production server (server.mjs,
// with the Node options npm start gives it) for the tests, the benchmark and
// the fleet, or any other script (the benchmark's node:http baseline). Starts
// it on a port (a free one unless given), waits until it answers, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { captureOutput, freePort, stopChild, waitUntil } from './fleet/processes';
import { serverArguments, serverEnvironment, serverNode } from './server-command.mjs';

export type LaunchOptions = {
  /** Names the process in errors. */
  name: string;
  /** The child's whole environment (PORT is set to the port). */
  env: Record<string, string | undefined>;
  /** Node's arguments for the port: by default server.mjs on 127.0.0.1. */
  args?: (port: number) => string[];
  /** The Node binary; by default the one npm start uses (scripts/server-command.mjs). */
  node?: string;
  /** Where it runs: the repository by default. */
  cwd?: string;
  port?: number;
  /** Where the output goes: this file, or kept in memory (the last `outputLimit` characters; all by default). */
  logFile?: string;
  outputLimit?: number;
  /** Also handed every chunk of output. */
  onOutput?: (chunk: Buffer) => void;
  /** What "ready" means: GET `path` (default /readyz) answers a status `isReady` takes (default 200). */
  readiness?: { path: string; headers?: Record<string, string>; isReady?: (status: number) => boolean };
  timeoutMs?: number;
};

export type LaunchedServer = {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** performance.now() when the process was spawned (a CPU profile's clock starts about then). */
  spawnedAt: number;
  logs: () => string;
  /** Sends `signal` and resolves once the process exited (SIGKILL after `killAfterMs`). */
  stop: (signal?: NodeJS.Signals, killAfterMs?: number) => Promise<void>;
};

const ROOT = path.join(import.meta.dirname, '..');

export const productionServer = (port: number) => serverArguments(['-p', String(port), '-H', '127.0.0.1']);

export async function launchServer(options: LaunchOptions): Promise<LaunchedServer> {
  const port = options.port ?? (await freePort());
  const output = options.logFile ? fs.openSync(options.logFile, 'w') : 'pipe';
  const spawnedAt = performance.now();
  const child = spawn(options.node ?? serverNode(), (options.args ?? productionServer)(port), {
    cwd: options.cwd ?? ROOT,
    env: { ...serverEnvironment(), ...options.env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', output, output],
  });
  if (typeof output === 'number') fs.closeSync(output);
  const logs = options.logFile ? tailOf(options.logFile) : captureOutput(child, options.outputLimit ?? Infinity);
  if (options.onOutput) {
    child.stdout?.on('data', options.onOutput);
    child.stderr?.on('data', options.onOutput);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const { path: readyPath, headers, isReady = (status: number) => status === 200 } = options.readiness ?? { path: '/readyz' };
  try {
    await waitUntil(options.name, async () => isReady((await fetch(baseUrl + readyPath, { headers, signal: AbortSignal.timeout(2_000) })).status), {
      child,
      logs,
      timeoutMs: options.timeoutMs ?? 60_000,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    baseUrl,
    process: child,
    spawnedAt,
    logs,
    stop: (signal = 'SIGTERM', killAfterMs = 10_000) => stopChild(child, signal, killAfterMs),
  };
}

/** The last lines of a log file, read when asked. */
function tailOf(file: string): () => string {
  return () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '');
}
