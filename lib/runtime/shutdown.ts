// What the production server (server.mjs, which owns shutdown: server/shutdown.mjs)
// needs from the app once its HTTP server has drained: the shutdown settings and a
// way to close the database. Registered at start-up in the process's state
// (lib/process-state.ts, a Symbol.for key on globalThis), the one place both sides
// can reach (server.mjs is plain Node; this runs inside Next and the /v1 bundle). Under `next start` or `next dev` nothing calls it: Next's own signal
// handling applies there.
import { config } from './config';
import { closeDb } from '../db/client';
import { stopImportQueue } from './import-queue';
import { processState } from '../process-state';

type ShutdownHook = {
  /** On SIGTERM, how long /readyz answers 503 while everything else is served as usual. */
  drainGraceMs: number;
  /** How long requests in flight may take once the drain has begun. */
  timeoutMs: number;
  /** Called as the drain begins: long-lived answers (the change feed's streams) end, so that they do not hold it. */
  beginDrain: () => void;
  closeDatabase: () => Promise<void>;
};

// server/shutdown.mjs reads the hook as `shutdown.hook` in the process's state.
const shared = processState('shutdown', (): { hook?: ShutdownHook; drainHooks: (() => void)[]; isDraining: boolean } => ({
  drainHooks: [],
  isDraining: false,
}));

/** Whether the drain has begun: what would hold it (a new change stream) is refused. */
export function isDraining(): boolean {
  return shared.isDraining;
}

/** Runs `hook` when the drain begins. */
export function whenDraining(hook: () => void): void {
  shared.drainHooks.push(hook);
}

export function registerShutdownHook(): void {
  const settings = config();
  shared.hook = {
    drainGraceMs: settings.PETSTORE_DRAIN_GRACE_MS,
    timeoutMs: settings.PETSTORE_SHUTDOWN_TIMEOUT_MS,
    beginDrain: () => {
      shared.isDraining = true;
      for (const hook of shared.drainHooks) hook();
    },
    // The import worker first: its batch under way ends before the database closes.
    closeDatabase: async () => {
      await stopImportQueue();
      await closeDb();
    },
  };
}
