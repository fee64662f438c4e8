// What one client's connections may cost the server (docs/RELIABILITY.md,
// "Connection floods"):
// - pipelining: at most IN_FLIGHT_PER_CONNECTION requests of one connection are
//   in the app at once. Node's parser hands over every request of a read (up to
//   64 KiB, about 1,000 small requests) at once, and Node stops reading only
//   once answers pile up unsent, which the answers of requests still in the
//   database never do: 20 connections of 1,000 pipelined requests ran 20,000
//   handlers at once and the heap out. Here the requests past the bound wait, in
//   order, and the socket is not read until they have been let in; one is let
//   in when an earlier one's answer is written and the socket has room for more
//   (a client that does not read its answers gets no more of them computed).
//   A connection with more than MAX_WAITING_PER_CONNECTION requests waiting is
//   closed: no client needs that many answers queued, and each waiting request
//   is kept in memory whole;
// - connections: at most PETSTORE_MAX_CONNECTIONS per process (below the file
//   descriptor limit, so that the database's connections and files never meet
//   EMFILE). At the cap, a new connection takes the place of the oldest one that
//   has never had a request in the app (one trickling its headers, or silent), so
//   that slow connections cannot lock everyone else out; failing that, of the
//   oldest idle between requests; if every connection has a request in the app,
//   the new one is closed;
// - time: a request's headers must arrive within PETSTORE_HEADERS_TIMEOUT_MS, the
//   whole request (its body included; not the answer, so the change feed's
//   stream is untouched) within REQUEST_TIMEOUT_MS, checked every
//   CHECK_INTERVAL_MS; such a connection gets a 408 and is closed.
import { log } from './log.mjs';

const IN_FLIGHT_PER_CONNECTION = 16;
const MAX_WAITING_PER_CONNECTION = 128;
const DEFAULT_MAX_CONNECTIONS = 10_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
// Bodies are at most 64 KiB on /v1 and 1 MiB elsewhere (server/body-limit.mjs):
// 30 s is under 35 KB/s for the largest.
const REQUEST_TIMEOUT_MS = 30_000;
// Node's default is 30 s, which lets a slow connection live up to 30 s past its deadline.
const CHECK_INTERVAL_MS = 1_000;

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(request: IncomingMessage, response: ServerResponse) => void} Dispatch */

/**
 * The limits from the environment; throws naming the variable when one is not a whole number in range.
 * @param {NodeJS.ProcessEnv} env
 */
export function connectionLimits(env) {
  return {
    maxConnections: wholeNumber(env, 'PETSTORE_MAX_CONNECTIONS', DEFAULT_MAX_CONNECTIONS, 1),
    headersTimeoutMs: Math.min(wholeNumber(env, 'PETSTORE_HEADERS_TIMEOUT_MS', DEFAULT_HEADERS_TIMEOUT_MS, 100), REQUEST_TIMEOUT_MS),
  };
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 * @param {number} min
 */
function wholeNumber(env, name, fallback, min) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got ${text}`);
  return value;
}

/**
 * The options of http.createServer for these limits.
 * @param {ReturnType<typeof connectionLimits>} limits
 */
export const timeoutOptions = (limits) => ({
  headersTimeout: limits.headersTimeoutMs,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: CHECK_INTERVAL_MS,
});

/**
 * Bounds `server`'s connections; every request must come in through the returned
 * `admit`, which hands it to `dispatch` once its connection has room.
 * @param {import('node:http').Server} server
 * @param {ReturnType<typeof connectionLimits>} limits
 */
export function limitConnections(server, limits) {
  /** @typedef {{ inFlight: number, waiting: [IncomingMessage, ServerResponse, Dispatch][], isHeld: boolean, wasServed: boolean }} Connection */
  // In the order they came: the first one with nothing in flight is the one a new connection replaces.
  /** @type {Map<import('node:net').Socket, Connection>} */
  const connections = new Map();

  server.on('connection', (socket) => {
    if (connections.size >= limits.maxConnections && !replaceOneIdle()) {
      socket.destroy();
      log.warn({ maxConnections: limits.maxConnections }, 'connection refused: every connection has a request in progress');
      return;
    }
    /** @type {Connection} */
    const connection = { inFlight: 0, waiting: [], isHeld: false, wasServed: false };
    connections.set(socket, connection);
    socket.once('close', () => connections.delete(socket));
    // Node's server resumes the socket itself (to drain a body nobody read): held stays held.
    socket.on('resume', () => {
      if (connection.isHeld) socket.pause();
    });
    socket.on('drain', () => letIn(socket, connection));
  });

  function replaceOneIdle() {
    /** @type {import('node:net').Socket | undefined} */
    let idle;
    for (const [socket, connection] of connections) {
      if (connection.inFlight > 0) continue;
      if (!connection.wasServed) {
        idle = socket;
        break;
      }
      idle ??= socket;
    }
    if (!idle) return false;
    connections.delete(idle);
    idle.destroy();
    return true;
  }

  /**
   * @param {import('node:net').Socket} socket
   * @param {Connection} connection
   */
  function letIn(socket, connection) {
    while (connection.waiting.length > 0 && hasRoom(socket, connection)) {
      const [request, response, dispatch] = /** @type {[IncomingMessage, ServerResponse, Dispatch]} */ (connection.waiting.shift());
      run(connection, request, response, dispatch);
    }
    if (connection.waiting.length === 0 && connection.isHeld) {
      connection.isHeld = false;
      socket.resume();
    }
  }

  /**
   * @param {import('node:net').Socket} socket
   * @param {Connection} connection
   */
  const hasRoom = (socket, connection) => connection.inFlight < IN_FLIGHT_PER_CONNECTION && !socket.writableNeedDrain;

  /**
   * @param {Connection} connection
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {Dispatch} dispatch
   */
  function run(connection, request, response, dispatch) {
    connection.inFlight++;
    connection.wasServed = true;
    // 'close' comes once the answer is handed to the socket, or the client went away.
    response.once('close', () => {
      connection.inFlight--;
      letIn(request.socket, connection);
    });
    dispatch(request, response);
  }

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   * @param {Dispatch} dispatch
   */
  function admit(request, response, dispatch) {
    const { socket } = request;
    const connection = connections.get(socket);
    if (socket.destroyed) return;
    if (!connection) return dispatch(request, response);
    if (connection.waiting.length === 0 && hasRoom(socket, connection)) return run(connection, request, response, dispatch);
    if (connection.waiting.length >= MAX_WAITING_PER_CONNECTION) {
      log.warn({ waiting: connection.waiting.length }, 'connection closed: too many pipelined requests waiting for their answers');
      connection.waiting = [];
      socket.destroy();
      return;
    }
    connection.waiting.push([request, response, dispatch]);
    if (!connection.isHeld) {
      connection.isHeld = true;
      socket.pause();
    }
  }

  return { admit };
}
