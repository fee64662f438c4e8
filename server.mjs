// The production server (`npm start`, the tests, the benchmark): Next.js's own
// request handler behind a thin node:http front door, which:
// - answers in JSON the requests no route should see (server/request-refusals.mjs):
//   methods no route handler takes, broken percent-encoding, odd request targets
//   (`*`, another host), a missing or repeated Host, a repeated Authorization,
//   a target over 8 KiB, `Upgrade`, and whatever Node's parser refuses (headers
//   over 16 KiB);
// - bounds every body before anything buffers it (server/body-limit.mjs);
// - owns shutdown: readiness first, then the drain (server/shutdown.mjs).
// (A proxy.ts on /v1 did the first at about 1 ms of CPU on every /v1 request:
// docs/PERFORMANCE.md; here the rest pays a few string checks.)
//
// Usage: node server.mjs [--port N | -p N] [--hostname H | -H H]; PORT also
// sets the port (default 3000). Requires `next build` first.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { bodyRefusal, meterBody, refuseBody } from './server/body-limit.mjs';
import { rawErrorResponse, sendError } from './server/error-answer.mjs';
import { log } from './server/log.mjs';
import { assertPostgresDriverPatched } from './server/postgres-patch.mjs';
import { connectRefusal, expectationRefusal, parserRefusal, pathOf, refusalOf, upgradeRefusal } from './server/request-refusals.mjs';
import { installShutdown, sendShuttingDown } from './server/shutdown.mjs';

try {
  assertPostgresDriverPatched();
} catch (error) {
  log.fatal(error.message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.fatal(`not a port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
}

// Before Next (and React, which picks its build by it) is loaded.
process.env.NODE_ENV = 'production';
// No telemetry calls from a service that people run.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const { default: next } = await import('next');
const app = next({ dev: false, dir: import.meta.dirname, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();

// requireHostHeader: a request without Host gets the API's JSON 400 (refusalOf), not Node's empty one.
const server = http.createServer({ requireHostHeader: false, maxHeaderSize: 16 * 1024 }, (request, response) => serve(request, response));
const shutdown = installShutdown(server);
// Expect: 100-continue: a body that would be refused is never asked for.
server.on('checkContinue', (request, response) => serve(request, response, { expectsContinue: true }));
server.on('checkExpectation', (request, response) => refuse(request, response, expectationRefusal));
server.on('clientError', (error, socket) => {
  // As Node's own handler: answer only if nothing was written yet (else the client went away, or an answer is under way).
  if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
  const refusal = parserRefusal(error.code);
  const { requestId, response } = rawErrorResponse(refusal);
  socket.end(response);
  log.info({ requestId, status: refusal.status, reason: error.code }, 'request refused by the HTTP parser');
});
server.on('connect', (request, socket) => {
  const { requestId, response } = rawErrorResponse(connectRefusal);
  socket.end(response);
  log.info({ requestId, method: 'CONNECT', path: request.url, status: 405 }, 'request');
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
  process.env.PETSTORE_SELF_URL = ownUrl(hostname, server.address().port);
  log.info({ pid: process.pid }, `listening on http://${hostname ?? 'localhost'}:${port}`);
});

/** This server as seen from itself: loopback when bound to every interface. */
function ownUrl(hostname, boundPort) {
  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname.includes(':') ? `[${hostname}]` : hostname;
  return `http://${host}:${boundPort}`;
}

function serve(request, response, { expectsContinue = false } = {}) {
  shutdown.trackRequest(request, response);
  const refusal = refusalOf(request);
  if (refusal) return refuse(request, response, refusal);
  const path = pathOf(request);
  const bodyTooLarge = bodyRefusal(request, path);
  if (bodyTooLarge) {
    const requestId = refuseBody(request, bodyTooLarge);
    return void log.info({ requestId, method: request.method, path: request.url, status: bodyTooLarge.status }, 'request');
  }
  if (path === '/readyz' && shutdown.isShuttingDown()) return sendShuttingDown(response);
  meterBody(request, response, path);
  if (expectsContinue) response.writeContinue();
  handle(request, response).catch((error) => failed(request, response, error));
}

function refuse(request, response, refusal) {
  const requestId = sendError(response, refusal);
  log.info({ requestId, method: request.method, path: request.url, status: refusal.status }, 'request');
}

// What `next start` does when its handler throws (it should not: route errors are
// caught inside Next), but as the API's Error rather than plain text.
function failed(request, response, error) {
  if (response.headersSent) response.destroy();
  else sendError(response, { status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
  log.error({ err: error, method: request.method, path: request.url }, 'unhandled error');
}
