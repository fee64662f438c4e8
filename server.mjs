// The production server (`npm start`, the tests, the benchmark): Next.js's own
// request handler behind a thin node:http front door. The door keeps the API's
// promise that every answer is a JSON Error for the few requests Next cannot
// route, and that nothing else pays for that:
// - a method no route handler can take (PROPFIND; TRACE, which the WHATWG
//   Request refuses): Next answers a plain-text 500 → 405 here;
// - a path with broken percent-encoding (/v1/pets/%zz): Next's plain-text 500 → 400;
// - what Node's parser refuses (bad bytes, an unknown method token, headers
//   over 16 KiB) and CONNECT: Node's bare status or a closed socket → JSON.
// (A proxy.ts on /v1 did the first two before, at about 1 ms of CPU on every
// /v1 request: docs/PERFORMANCE.md.) Such requests name no resource, so they
// are refused before any key is checked; auth stays in the handlers (DESIGN.md).
//
// Usage: node server.mjs [--port N | -p N] [--hostname H | -H H]; PORT also
// sets the port (default 3000). Requires `next build` first.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { assertPostgresDriverPatched } from './server/postgres-patch.mjs';

// The methods Next's route handlers can receive.
const ROUTABLE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const unsupportedMethod = (method) => `${method} is not a method this API supports; see OPTIONS or /v1/openapi.json.`;
// As lib/log.ts: the same JSON lines, one per refused request.
const log = pino({ level: process.env.LOG_LEVEL ?? 'info', base: undefined });

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
const { default: next } = await import('next');
const app = next({ dev: false, dir: import.meta.dirname, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  const refusal = refusalOf(request);
  if (!refusal) return void handle(request, response).catch((error) => failed(request, response, error));
  const requestId = sendError(response, refusal);
  log.info({ requestId, method: request.method, path: request.url, status: refusal.status }, 'request');
});
server.on('clientError', (error, socket) => {
  // As Node's own handler: answer only if nothing was written yet (else the client went away, or an answer is under way).
  if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
  const refusal = parserRefusal(error.code);
  const { requestId, response } = rawResponse(refusal);
  socket.end(response);
  log.info({ requestId, status: refusal.status, reason: error.code }, 'request refused by the HTTP parser');
});
server.on('connect', (request, socket) => {
  const { requestId, response } = rawResponse({ status: 405, code: 'method_not_allowed', message: unsupportedMethod('CONNECT') });
  socket.end(response);
  log.info({ requestId, method: 'CONNECT', path: request.url, status: 405 }, 'request');
});
server.on('error', (error) => {
  log.fatal({ err: error }, 'the server could not listen');
  process.exit(1);
});
server.listen(port, hostname, () => log.info({ pid: process.pid }, `listening on http://${hostname ?? 'localhost'}:${port}`));

// What `next start` does when its handler throws (it should not: route errors are
// caught inside Next), but as the API's Error rather than plain text.
function failed(request, response, error) {
  if (response.headersSent) response.destroy();
  else sendError(response, { status: 500, code: 'internal_error', message: 'Something went wrong on our side.' });
  log.error({ err: error, method: request.method, path: request.url }, 'unhandled error');
}

/** @returns {{ status: number, code: string, message: string } | undefined} */
function refusalOf(request) {
  if (!ROUTABLE_METHODS.has(request.method)) {
    // No Allow header: which methods a path takes is the route's to say (OPTIONS on it answers).
    return { status: 405, code: 'method_not_allowed', message: unsupportedMethod(request.method) };
  }
  const url = request.url ?? '/';
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (path.includes('%') && !isWellEncoded(path)) {
    return { status: 400, code: 'invalid_request', message: 'The URL path is not valid percent-encoded UTF-8.' };
  }
  return undefined;
}

function isWellEncoded(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

// Node's parser error codes (llhttp's HPE_*), as the API's Error.
function parserRefusal(code) {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'invalid_request', message: 'The request headers are larger than 16 KiB.' };
  if (code === 'HPE_INVALID_METHOD') return { status: 405, code: 'method_not_allowed', message: unsupportedMethod('The request\'s method') };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, code: 'payload_too_large', message: 'The chunk extensions are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'invalid_request', message: 'The request did not arrive in time.' };
  return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' };
}

/** The Error body and its headers, under a fresh request id. */
function errorAnswer({ status, code, message }) {
  const body = JSON.stringify({ code, message, status });
  const requestId = randomUUID();
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  };
  return { body, headers, requestId };
}

/** Answers with the Error; returns its request id. */
function sendError(response, refusal) {
  const { body, headers, requestId } = errorAnswer(refusal);
  response.writeHead(refusal.status, headers).end(body);
  return requestId;
}

// For a socket Node's HTTP server no longer serves: the whole response by hand, then close.
function rawResponse(refusal) {
  const { body, headers, requestId } = errorAnswer(refusal);
  const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  return { requestId, response: `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}\r\n${lines.join('')}\r\n${body}` };
}
