// The one owner of shutdown in the production server (SIGTERM, SIGINT).
//
// 1. Readiness first: /readyz answers 503 at once, and on SIGTERM everything else
//    is served as usual for PETSTORE_DRAIN_GRACE_MS, so that load balancers,
//    which poll readiness, stop sending here before anything is refused. (SIGINT,
//    a Ctrl-C, skips the grace period; so does a SIGINT during it.)
// 2. Then the drain: the listener closes (new connections are refused), every
//    answer still to be written carries `Connection: close`, requests in flight
//    finish, and connections left idle are closed once idle for the keep-alive
//    timeout the server advertised (Node's 5 s), not sooner: a client may be
//    sending its next request on one right now (clients reuse a connection for
//    that long), and closing under it would reset that request. A request that
//    does come is answered, with `Connection: close`. (Node's own server.close()
//    closes every idle connection at once: the resets this avoids.)
// 3. Then the database is closed through the hook lib/runtime/startup registers on
//    globalThis (PGlite releases its lock file), and the process exits 0. What
//    still runs after PETSTORE_SHUTDOWN_TIMEOUT_MS is cut, and the exit code is 1.
//
// A repeated signal is ignored (a shell's Ctrl-C reaches npm and the server both).
import net from 'node:net';
import { withCommonHeaders } from './error-answer.mjs';
import { log } from './log.mjs';

const DRAIN_CHECK_MS = 100;
/**
 * What server.mjs needs from the app to shut down, registered by lib/runtime/startup.ts.
 * @typedef {{ drainGraceMs: number, timeoutMs: number, beginDrain?: () => void, closeDatabase: () => Promise<void> }} ShutdownHook
 */

// Before start-up has registered its hook (no database open yet).
/** @type {ShutdownHook} */
const FALLBACK = { drainGraceMs: 0, timeoutMs: 8_000, closeDatabase: async () => {} };

// In the app's per-process state (lib/process-state.ts), under the key it registers it with.
const PROCESS_STATE = Symbol.for('petstore.process-state');
const appHook = () =>
  /** @type {{ [PROCESS_STATE]?: { shutdown?: { hook?: ShutdownHook } } }} */ (/** @type {unknown} */ (globalThis))[PROCESS_STATE]?.shutdown?.hook ?? FALLBACK;

/**
 * Takes SIGTERM and SIGINT for `server`. Every request must pass through the
 * returned `trackRequest`; `isShuttingDown` turns true with the signal.
 * @param {import('node:http').Server} server
 */
export function installShutdown(server) {
  /** @type {Map<import('node:net').Socket, { inFlight: number, idleSince: number }>} */
  const connections = new Map();
  /** @type {Set<import('node:http').ServerResponse>} */
  const responses = new Set();
  let phase = /** @type {'serving' | 'grace' | 'draining'} */ ('serving');
  /** @type {(() => void) | undefined} */
  let endGrace;

  server.on('connection', (socket) => {
    connections.set(socket, { inFlight: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  function trackRequest(request, response) {
    const connection = connections.get(request.socket);
    if (connection) connection.inFlight++;
    responses.add(response);
    if (phase === 'draining') response.shouldKeepAlive = false;
    // 'close' comes after the answer is sent, and also when the client went away first.
    response.once('close', () => {
      responses.delete(response);
      if (!connection) return;
      connection.inFlight--;
      connection.idleSince = performance.now();
    });
  }

  /** @param {'SIGTERM' | 'SIGINT'} signal */
  async function shutDown(signal) {
    const { drainGraceMs, timeoutMs, beginDrain, closeDatabase } = appHook();
    const graceMs = signal === 'SIGTERM' ? drainGraceMs : 0;
    phase = 'grace';
    log.info({ signal, graceMs }, 'shutdown: /readyz answers 503; serving on for the drain grace period');
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      endGrace = resolve;
      setTimeout(resolve, graceMs);
    });

    phase = 'draining';
    // Streams that never end by themselves (GET /v1/changes) end now; their clients reconnect elsewhere.
    beginDrain?.();
    // The listener closes before any answer says `Connection: close`, so that a
    // client told so finds new connections refused, never accepted by the kernel
    // and then reset with the listener. And net.Server's close, not http.Server's:
    // that one also closes every idle connection at once, under any client sending
    // on it at that moment.
    net.Server.prototype.close.call(server);
    for (const response of responses) if (!response.headersSent) response.shouldKeepAlive = false;
    log.info(
      { signal, inFlight: responses.size, connections: connections.size, timeoutMs },
      'shutting down: refusing new connections, finishing requests in flight',
    );

    const isDrained = await drained(timeoutMs);
    if (!isDrained) {
      log.error({ abandoned: responses.size }, 'shutdown timeout over: closing the remaining connections');
      server.closeAllConnections();
      for (const socket of connections.keys()) socket.destroy();
      // Should closing the database hang too.
      setTimeout(() => process.exit(1), 2_000).unref();
    }
    await closeDatabase().catch((error) => log.error({ err: error }, 'closing the database failed'));
    if (isDrained) log.info({ signal }, 'shut down cleanly');
    process.exit(isDrained ? 0 : 1);
  }

  /**
   * Resolves true once every connection is closed, false when `timeoutMs` ran out first.
   * @param {number} timeoutMs
   * @returns {Promise<boolean>}
   */
  function drained(timeoutMs) {
    const deadline = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      const check = () => {
        if (connections.size === 0) return resolve(true);
        if (performance.now() >= deadline) return resolve(false);
        closeLongIdleConnections();
        setTimeout(check, DRAIN_CHECK_MS);
      };
      check();
    });
  }

  function closeLongIdleConnections() {
    const now = performance.now();
    const candidates = [...connections].filter(([, connection]) => connection.inFlight === 0 && now - connection.idleSince >= server.keepAliveTimeout);
    // After this event-loop turn's poll phase, which reads what has arrived: a request
    // that reached the socket while this process was busy is served, not reset.
    setImmediate(() => {
      for (const [socket, connection] of candidates) if (connection.inFlight === 0) socket.destroy();
    });
  }

  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
    process.on(signal, () => {
      if (phase === 'serving') void shutDown(signal);
      else if (phase === 'grace' && signal === 'SIGINT') endGrace?.();
    });
  }

  return { trackRequest, isShuttingDown: () => phase !== 'serving' };
}

/**
 * /readyz once the shutdown has begun: not ready, whatever the database says.
 * @param {import('node:http').ServerResponse} response
 */
export function sendShuttingDown(response) {
  const body = JSON.stringify({ status: 'shutting_down' });
  response.writeHead(503, withCommonHeaders({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })).end(body);
}
