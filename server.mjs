// The production server (`npm start`, the tests, the benchmark): Next.js's own
// request handler behind a thin node:http front door, which:
// - answers in JSON the requests no route should see (server/request-refusals.mjs):
//   methods no route handler takes (405 with the target's Allow), broken
//   percent-encoding, odd request targets (`*`, another host), a missing or
//   repeated Host, a repeated Authorization, a target over 8 KiB, `Upgrade`,
//   and whatever Node's parser refuses (headers over 16 KiB or 1,000 fields), each with the
//   security headers every answer carries;
// - serves a /v1 path with a trailing slash as the path without it, and answers
//   `//` or dot segments there with a JSON 404: /v1 never redirects;
// - bounds every body before anything buffers it (server/body-limit.mjs);
// - owns shutdown: readiness first, then the drain (server/shutdown.mjs).
// (A proxy.ts on /v1 did the first at about 1 ms of CPU on every /v1 request:
// docs/PERFORMANCE.md; here the rest pays a few string checks.)
// What passes goes to Next's handler, except /v1: the API's own path
// (server/v1-dispatch.mjs, lib/v1-path) calls the same route handlers without
// Next's router (docs/ARCHITECTURE.md, "The production path for /v1").
//
// Usage: node server.mjs [--port N | -p N] [--hostname H | -H H]; PORT also
// sets the port (default 3000). Requires `npm run build` first.
import http from 'node:http';
import module from 'node:module';
import { parseArgs } from 'node:util';
import { askForBody, bodyRefusal, meterBody, refuseBody } from './server/body-limit.mjs';
import { connectionLimits, limitConnections, timeoutOptions } from './server/connection-limits.mjs';
import { rawErrorResponse, sendError } from './server/error-answer.mjs';
import { log, printText } from './server/log.mjs';
import { MAX_HEADER_BYTES, connectRefusal, expectationRefusal, parserRefusal, pathOf, refusalOf, upgradeRefusal } from './server/request-refusals.mjs';
import { installShutdown, sendShuttingDown } from './server/shutdown.mjs';
import { isV1Path, loadV1Path } from './server/v1-dispatch.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
/** @type {ReturnType<typeof connectionLimits>} */
let limits;
try {
  limits = connectionLimits(process.env);
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const hostname = values.hostname;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.fatal(`not a port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
}

// Before Next (and React, which picks its build by it) is loaded. (Next's types
// declare NODE_ENV read-only; it is an ordinary variable here.)
Object.assign(process.env, { NODE_ENV: 'production' });
// Notes for the person who started the server (a first start's generated
// sign-in: lib/runtime/first-sign-in.ts), printed after "listening". In the
// process state (lib/process-state.ts), as Next resets variables set here.
/** @type {string[]} */
const notesAfterListening = [];
const globalStore = /** @type {Record<symbol, Record<string, unknown> | undefined>} */ (/** @type {unknown} */ (globalThis));
(globalStore[Symbol.for('petstore.process-state')] ??= {}).notesAfterListening = notesAfterListening;
// No telemetry calls from a service that people run.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
// V8's compiled code for Next and build/v1.mjs, kept on disk (a folder under the
// system's temporary one; NODE_COMPILE_CACHE names another): a restart compiles
// only what changed. It never fails a start (docs/PERFORMANCE.md, "A server's start").
module.enableCompileCache();
const { default: next } = await import('next');
const app = next({ dev: false, dir: import.meta.dirname, hostname: hostname ?? 'localhost', port });
await app.prepare();
// Start-up (migrations, bootstrap key) runs in Next's instrumentation hook; the
// /v1 path shares that one run and answers nothing before it has finished.
const v1 = await loadV1Path();
await v1.ready();
const handle = app.getRequestHandler();

const CLIENT_ERROR_LINGER_MS = 5_000;
// requireHostHeader: a request without Host gets the API's JSON 400 (refusalOf), not Node's empty one.
// The connection cap, pipelining's bound and the timeouts: server/connection-limits.mjs.
const server = http.createServer({ requireHostHeader: false, maxHeaderSize: MAX_HEADER_BYTES, ...timeoutOptions(limits) }, (request, response) =>
  connections.admit(request, response, serve),
);
const shutdown = installShutdown(server);
const connections = limitConnections(server, limits);
// Expect: 100-continue: a body that would be refused is never asked for.
server.on('checkContinue', (request, response) =>
  connections.admit(request, response, (admitted, answer) => serve(admitted, answer, { expectsContinue: true })),
);
server.on('checkExpectation', (request, response) => refuse(request, response, expectationRefusal));
server.on('clientError', (/** @type {NodeJS.ErrnoException} */ error, /** @type {import('node:net').Socket} */ socket) => {
  // As Node's own handler: answer only if nothing was written yet (else the client went away, or an answer is under way).
  if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
  const refusal = parserRefusal(error);
  const { requestId, response } = rawErrorResponse(refusal);
  socket.end(response);
  // A client that sends on must not hold the connection: one trickling its headers
  // past its 408 is closed once the answer is out; any other gets a few seconds to
  // read its answer (closing with its request unread would reset the connection,
  // and a reset wipes the answer from its receive buffer).
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.once('finish', () => socket.destroy());
  else closeAfter(socket, CLIENT_ERROR_LINGER_MS);
  log.info({ requestId, status: refusal.status, reason: error.code }, 'request refused by the HTTP parser');
});
server.on('connect', (request, socket) => {
  const { requestId, response } = rawErrorResponse(connectRefusal);
  socket.end(response);
  log.info({ requestId, method: 'CONNECT', path: request.url, status: connectRefusal.status }, 'request');
});
// Node hands a request with `Upgrade` (WebSocket, h2c) over as a bare socket, or
// drops it when nobody listens: this server upgrades to nothing, and says so in JSON.
server.on('upgrade', (request, socket) => {
  const { requestId, response } = rawErrorResponse(upgradeRefusal, { method: request.method });
  socket.end(response);
  log.info({ requestId, method: request.method, path: request.url, status: upgradeRefusal.status }, 'request');
});
server.on('error', (error) => {
  log.fatal({ err: error }, 'the server could not listen');
  process.exit(1);
});
server.listen(port, hostname, () => {
  // Where server components reach this process's /v1 (lib/client/server-client.ts).
  process.env.PETSTORE_SELF_URL = ownUrl(hostname, /** @type {import('node:net').AddressInfo} */ (server.address()).port);
  log.info({ pid: process.pid }, `listening on http://${hostname ?? 'localhost'}:${port}`);
  for (const note of notesAfterListening) printText(`${note}\n`);
});

/**
 * @param {import('node:net').Socket} socket
 * @param {number} ms
 */
function closeAfter(socket, ms) {
  const timer = setTimeout(() => socket.destroy(), ms).unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * This server as seen from itself: loopback when bound to every interface.
 * @param {string | undefined} hostname
 * @param {number} boundPort
 */
function ownUrl(hostname, boundPort) {
  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname.includes(':') ? `[${hostname}]` : hostname;
  return `http://${host}:${boundPort}`;
}

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 */
function serve(request, response, { expectsContinue = false } = {}) {
  shutdown.trackRequest(request, response);
  const refusal = refusalOf(request, v1.allowFor);
  if (refusal) return refuse(request, response, refusal);
  const path = pathOf(request);
  const bodyTooLarge = bodyRefusal(request, path);
  if (bodyTooLarge) {
    const requestId = refuseBody(request, bodyTooLarge);
    return void log.info({ requestId, method: request.method, path: request.url, status: bodyTooLarge.status }, 'request');
  }
  if (path === '/readyz' && shutdown.isShuttingDown()) return sendShuttingDown(response);
  meterBody(request, response, path);
  if (expectsContinue) askForBody(request, response, path);
  if (v1.listener && isV1Path(path)) return void v1.listener(request, response);
  handle(request, response).catch((error) => failed(request, response, error));
}

/**
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 * @param {import('./lib/http/error-body.mjs').Refusal} refusal
 */
function refuse(request, response, refusal) {
  const requestId = sendError(response, refusal);
  log.info({ requestId, method: request.method, path: request.url, status: refusal.status }, 'request');
}

// What `next start` does when its handler throws (it should not: route errors are
// caught inside Next), but as the API's Error rather than plain text.
/**
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 * @param {unknown} error
 */
function failed(request, response, error) {
  if (response.headersSent) response.destroy();
  else sendError(response, { status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
  log.error({ err: error, method: request.method, path: request.url }, 'unhandled error');
}
