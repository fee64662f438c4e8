// Bounds every request body before anything (Next, next-auth, a route handler)
// buffers it:
// - outside /v1 (the dashboard's pages and server actions, /api/auth), a
//   Content-Length over 1 MiB (Next's own default for server actions) is refused
//   (413) before a byte of the body is read, and a body must declare its length
//   (411 otherwise): browsers always do, and Next's readers would take a chunked
//   body whole;
// - a /v1 body, chunked or not, is counted as Node's parser hands it over. The
//   handlers authenticate first (DESIGN.md: a request without a valid key learns
//   nothing of its body, so it gets its 401, never a 413), then read at most
//   64 KiB and answer the 413 themselves (lib/http/body.ts, which refuses a
//   declared length over the limit without reading); past the limit nothing
//   more is handed over, the socket is no longer read, and the connection
//   closes after the answer.
// The client of a refused body may still be sending it: the connection is closed
// "lingering" (RFC 9112 §9.6): the answer and a FIN first, the socket left unread
// (the client's writes block rather than fail), and destroyed a moment later. An
// immediate close would reset the connection under the client's writes, and the
// client could meet the reset before it reads the answer.
import { MAX_BODY_BYTES } from '../lib/contract/limits.mjs';
import { rawErrorResponse } from './error-answer.mjs';

/** @typedef {import('./error-answer.mjs').Refusal} Refusal */

const LINGER_MS = 1_000;

const PAGE_BODY_LIMIT = 1024 * 1024;

const isApiPath = (path) => path === '/v1' || path.startsWith('/v1/');

/**
 * The refusal for a body no route should read, or undefined. (Node's parser has
 * already refused a Content-Length that is not one decimal number, or that comes
 * with Transfer-Encoding.)
 * @param {import('node:http').IncomingMessage} request
 * @param {string} path
 * @returns {Refusal | undefined}
 */
export function bodyRefusal(request, path) {
  if (isApiPath(path)) return undefined;
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > PAGE_BODY_LIMIT) {
    return { status: 413, code: 'payload_too_large', message: `The request body must be at most ${PAGE_BODY_LIMIT / (1024 * 1024)} MiB.` };
  }
  if (request.headers['transfer-encoding'] !== undefined) {
    return { status: 411, code: 'invalid_request', message: 'A request body here must come with a Content-Length.' };
  }
  return undefined;
}

/**
 * Whether to answer `Expect: 100-continue` with 100: not for a /v1 body declared
 * over the limit, which its handler refuses from the headers (401 or 413) without
 * reading it; the connection then closes after the answer.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path
 */
export function askForBody(request, response, path) {
  if (isApiPath(path) && Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    response.shouldKeepAlive = false;
    return;
  }
  response.writeContinue();
}

/**
 * Answers the refusal of a body nothing will read, then closes the connection
 * lingering; returns the answer's request id. (Written on the socket: Node's own
 * response would, once sent, read and drop the rest of the body, however long.)
 * @param {import('node:http').IncomingMessage} request
 * @param {Refusal} refusal
 */
export function refuseBody(request, refusal) {
  const { requestId, response } = rawErrorResponse(refusal, { method: request.method });
  request.socket.write(response);
  closeLingering(request.socket);
  return requestId;
}

function closeLingering(socket) {
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Counts a /v1 body where the parser pushes each chunk into the request
 * stream: nothing is buffered, and the route's own reads (Next's, or
 * @hono/node-server's) are untouched. The chunk that passes the limit still goes
 * through, so that the handler's own count passes it too and it answers its 413.
 * A body the handler never read (a 401, a declared length over the limit) is
 * drained by Node after the answer: through here too, so at most the limit of it
 * is read before the connection closes.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path
 */
export function meterBody(request, response, path) {
  const declared = Number(request.headers['content-length'] ?? 0);
  const hasBody = request.headers['transfer-encoding'] !== undefined || declared > 0;
  if (!hasBody || !isApiPath(path)) return;
  // A body declared too large is never read whole: its answer says Connection: close,
  // so no client sends its next request on a connection about to close.
  if (declared > MAX_BODY_BYTES) response.shouldKeepAlive = false;
  const { socket } = request;
  const push = request.push;
  let received = 0;
  request.push = function meteredPush(chunk, encoding) {
    // false: the parser stops reading the socket; what the client still sends stays unread.
    if (received > MAX_BODY_BYTES) return false;
    if (chunk !== null) received += chunk.length;
    if (received > MAX_BODY_BYTES) closeLingeringAfterAnswer(response, socket);
    return push.call(this, chunk, encoding);
  };
}

function closeLingeringAfterAnswer(response, socket) {
  if (response.writableFinished) return closeLingering(socket);
  if (response.headersSent) return void response.once('finish', () => closeLingering(socket));
  // The answer says `Connection: close`, so that no client sends another request
  // here; once it is sent Node calls destroySoon(), which closes at once: linger instead.
  response.shouldKeepAlive = false;
  socket.destroySoon = () => closeLingering(socket);
}
