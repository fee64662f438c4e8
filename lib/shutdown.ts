// Graceful shutdown on SIGTERM / SIGINT: stop accepting connections, let the
// requests in flight finish (bounded), close the database (PGlite releases its
// lock file), exit 0.
//
// It tracks the requests in flight itself (Node's diagnostics channel, which
// also names the HTTP server). Under server.mjs nothing else answers the
// signals. Under `next start` or `next dev` (Next 16, start-server.js) Next
// answers them with server.close(), but idle keep-alive sockets hold that wait
// for up to 5 s, nothing bounds it, the database is never closed, and it ends
// with process.exit(143 or 130): so this takes over those handlers, still runs
// them (they own the HTTP server), and holds back their process.exit until the
// database is closed.
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeDb } from './db/client';
import { log } from './log';

type Signal = 'SIGTERM' | 'SIGINT';

const SETTLE_MS = 100;

type ShutdownState = {
  installed: boolean;
  draining: boolean;
  /** Run when draining starts: long-lived answers (the change feed's streams) end, so they do not hold the drain. */
  drainHooks: (() => void)[];
  inFlight: Set<ServerResponse>;
  server?: Server;
};

// On globalThis: one set of handlers per process, even if Next loads this module in more than one graph.
const globalForShutdown = globalThis as typeof globalThis & { petstoreShutdown?: ShutdownState };
const state: ShutdownState = (globalForShutdown.petstoreShutdown ??= {
  installed: false,
  draining: false,
  drainHooks: [],
  inFlight: new Set(),
});
state.drainHooks ??= [];

/** Runs `hook` when a shutdown starts draining. */
export function whenDraining(hook: () => void): void {
  state.drainHooks.push(hook);
}

export function installGracefulShutdown(options: { timeoutMs: number }): void {
  if (state.installed) return;
  state.installed = true;
  diagnosticsChannel.subscribe('http.server.request.start', trackRequest);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const frameworkHandlers = process.listeners(signal) as ((signal: Signal) => void)[];
    for (const handler of frameworkHandlers) process.removeListener(signal, handler);
    // A repeated signal (a shell sends SIGINT to the whole group) is ignored: the first one is being served.
    process.on(signal, () => void shutDown(signal, frameworkHandlers, options.timeoutMs));
  }
}

function trackRequest(message: unknown): void {
  const { response, server } = message as { request: IncomingMessage; response: ServerResponse; server: Server };
  state.server ??= server;
  state.inFlight.add(response);
  // 'close' comes after the response is sent, and also when the client went away first.
  response.once('close', () => {
    state.inFlight.delete(response);
    if (state.draining) server.closeIdleConnections();
  });
  if (state.draining) response.shouldKeepAlive = false;
}

async function shutDown(signal: Signal, frameworkHandlers: ((signal: Signal) => void)[], timeoutMs: number) {
  if (state.draining) return;
  state.draining = true;
  for (const hook of state.drainHooks) hook();
  const exit = process.exit.bind(process);
  let isForced = false;
  const deadline = setTimeout(() => {
    isForced = true;
    log.error({ abandoned: state.inFlight.size }, 'shutdown grace period over: closing the remaining connections');
    state.server?.closeAllConnections();
    // Should closing the database hang too.
    setTimeout(() => exit(1), 2_000).unref();
  }, timeoutMs);

  // Requests already sent but not yet read (a busy event loop reads them late)
  // would look idle to server.close(), which resets idle connections: give them
  // a moment, then two event-loop turns (accept, then read), to be read and served.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  // Responses still to be written close their connection rather than keep it alive.
  for (const response of state.inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
  let frameworkDone: Promise<void> = Promise.resolve();
  if (frameworkHandlers.length > 0) {
    frameworkDone = new Promise((resolve) => {
      process.exit = (() => resolve()) as typeof process.exit;
    });
    for (const handler of frameworkHandlers) handler(signal);
  } else {
    state.server?.close();
  }
  state.server?.closeIdleConnections();
  log.info({ signal, inFlight: state.inFlight.size, connections: await connectionCount(), timeoutMs }, 'shutting down: refusing new connections, finishing requests in flight');

  while (state.inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  state.server?.closeIdleConnections();
  await frameworkDone;
  await closeDb().catch((error: unknown) => log.error({ err: error }, 'closing the database failed'));
  clearTimeout(deadline);
  if (!isForced) log.info({ signal }, 'shut down cleanly');
  exit(isForced ? 1 : 0);
}

/** Open connections, idle keep-alive ones included (0 before the first request: the server is not known yet). */
function connectionCount(): Promise<number> {
  return new Promise((resolve) => (state.server ? state.server.getConnections((_, count) => resolve(count)) : resolve(0)));
}
