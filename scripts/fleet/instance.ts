// One app instance of the fleet: `node server.mjs` (the command npm start and
// the Dockerfile run) on its own port, started again on that port after a stop.
import type { ChildProcess } from 'node:child_process';
import { launchServer, type LaunchedServer } from '../launch-server';

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

export function createInstance(options: { name: string; port: number; env: Record<string, string>; onOutput?: (chunk: Buffer) => void }): Instance {
  let server: LaunchedServer | undefined;
  return {
    name: options.name,
    port: options.port,
    baseUrl: `http://127.0.0.1:${options.port}`,
    process: () => server!.process,
    logs: () => server?.logs() ?? '',
    start: async () => {
      server = await launchServer({
        name: options.name,
        port: options.port,
        env: { ...process.env, ...options.env },
        outputLimit: 64_000,
        onOutput: options.onOutput,
        timeoutMs: 90_000,
      });
    },
    stop: async (signal = 'SIGTERM') => {
      await server?.stop(signal, 30_000);
    },
  };
}
