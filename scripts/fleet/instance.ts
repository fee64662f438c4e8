// One app instance of the fleet: `node server.mjs` (the command npm start and
// the Dockerfile run) on its own port, started again on that port after a stop.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverArguments } from '../server-command.mjs';
import { captureOutput, stopChild, waitUntil } from './processes';

export type Instance = {
  name: string;
  port: number;
  baseUrl: string;
  /** The running process (a new one after each start). */
  process: () => ChildProcess;
  logs: () => string;
  /** Starts the process; resolves once GET /readyz answers 200. */
  start: () => Promise<void>;
  /** Sends `signal` and resolves once the process exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

const ROOT = path.join(import.meta.dirname, '..', '..');

export function createInstance(options: { name: string; port: number; env: Record<string, string>; onOutput?: (chunk: Buffer) => void }): Instance {
  let child: ChildProcess | undefined;
  let logs = () => '';
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const instance: Instance = {
    name: options.name,
    port: options.port,
    baseUrl,
    process: () => child!,
    logs: () => logs(),
    start: async () => {
      child = spawn(process.execPath, serverArguments(['-p', String(options.port), '-H', '127.0.0.1']), {
        cwd: ROOT,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      logs = captureOutput(child);
      if (options.onOutput) {
        child.stdout!.on('data', options.onOutput);
        child.stderr!.on('data', options.onOutput);
      }
      const started = child;
      await waitUntil(
        options.name,
        async () => (await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok,
        { child: started, logs, timeoutMs: 90_000 },
      );
    },
    stop: async (signal = 'SIGTERM') => {
      if (child) await stopChild(child, signal, 30_000);
    },
  };
  return instance;
}
