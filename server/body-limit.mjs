// Bounds every request body before anything (Next, next-auth, a route handler)
// buffers it:
// - outside /v1 (the dashboard's pages and server actions, /api/auth), a
//   Content-Length over 1 MiB (Next's own default for server actions) is refused
//   (413) before a byte of the body is read, and a body must declare its length
//   (411 otherwise): browsers always do, and Next's readers would take a chunked
//   body whole;
// - a /v1 body, chunked or not, is counted as Node's parser hands it over. The
//   handlers authenticate first (docs/ARCHITECTURE.md: a request without a valid
//   key learns nothing of its body, so it gets its 401, never a 413), then read at
//   most 64 KiB (a photo upload: 10 MiB and its form's framing; bodyLimitOf in
//   lib/contract/limits.mjs) and answer the 413 themselves (lib/http/body.ts, which
//   refuses a declared length over the limit without reading); past the limit
//   nothing more is handed over, and the connection closes after the answer.
// The client of a refused body may still be sending it, and many clients read
// nothing until they have sent it all. So the connection is closed "lingering"
// (RFC 9112 §9.6, as nginx's lingering_close does): the answer and a FIN first,
// then whatever the client still sends is read and dropped (never kept), until
// the client closes its side, falls silent for LINGER_IDLE_MS, or
// LINGER_MAX_MS have passed. Closing sooner, or leaving the rest unread, makes
// the kernel reset the connection, and a reset wipes the answer from the
// client's receive buffer before it reads it.
import { bodyLimitOf } from '../lib/contract/limits.mjs';
import { rawErrorResponse } from './error-answer.mjs';
import { isV1Path } from './v1-dispatch.mjs';

/** @typedef {import('../lib/http/error-body.mjs').Refusal} Refusal */

// nginx's lingering_timeout and lingering_time.
const LINGER_IDLE_MS = 5_000;
const LINGER_MAX_MS = 30_000;

const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * The refusal for a body no route should read, or undefined. (Node's parser has
 * already refused a Content-Length that is not one decimal number, or that comes
 * with Transfer-Encoding.)
 * @param {import('node:http').IncomingMessage} request
 * @param {string} path
 * @returns {Refusal | undefined}
 */
export function bodyRefusal(request, path) {
  if (isV1Path(path)) return undefined;
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
  if (isV1Path(path) && Number(request.headers['content-length'] ?? 0) > bodyLimitOf(request.method, path)) {
    response.shouldKeepAlive = false;
    return;
  }
  response.writeContinue();
}

/**
 * Answers the refusal of a body nothing will read, then closes the connection
 * lingering; returns the answer's request id. (Written on the socket: Node's own
 * response would keep the connection open for another request.)
 * @param {import('node:http').IncomingMessage} request
 * @param {Refusal} refusal
 */
export function refuseBody(request, refusal) {
  const { requestId, response } = rawErrorResponse(refusal, { method: request.method });
  request.socket.write(response);
  closeLingering(request);
  return requestId;
}

/**
 * Half-closes the connection after what was written, then reads and drops what
 * the client still sends until it closes its side, falls silent, or time is up.
 * @param {import('node:http').IncomingMessage} request
 */
function closeLingering(request) {
  const { socket } = request;
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  // Flowing with no reader: the parser keeps reading the socket, and the body's
  // chunks are dropped (past the /v1 limit, meteredPush drops them first).
  request.resume();
  // Reset by every read (Node's parser refreshes it as it consumes the socket).
  socket.setTimeout(LINGER_IDLE_MS, () => socket.destroy());
  const deadline = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
}

/**
 * Counts a /v1 body where the parser pushes each chunk into the request
 * stream: nothing is buffered, and the route's own reads (Next's, or
 * @hono/node-server's) are untouched. The chunk that passes the limit still goes
 * through, so that the handler's own count passes it too and it answers its 413;
 * what follows is dropped, and the connection closes lingering after the answer.
 * A body the handler never read (a 401, a declared length over the limit) is
 * drained by Node after the answer, through here too.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path
 */
export function meterBody(request, response, path) {
  const declared = Number(request.headers['content-length'] ?? 0);
  const hasBody = request.headers['transfer-encoding'] !== undefined || declared > 0;
  if (!hasBody || !isV1Path(path)) return;
  const limit = bodyLimitOf(request.method, path);
  // A body declared too large is never read whole: its answer says Connection: close,
  // so no client sends its next request on a connection about to close.
  if (declared > limit) closeLingeringAfterAnswer(request, response);
  const push = request.push;
  let received = 0;
  request.push = function meteredPush(chunk, encoding) {
    // Dropped, and true: the parser reads on (and so the client's writes never stall).
    if (received > limit) return true;
    if (chunk !== null) received += chunk.length;
    if (received > limit) closeLingeringAfterAnswer(request, response);
    return push.call(this, chunk, encoding);
  };
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function closeLingeringAfterAnswer(request, response) {
  if (response.writableFinished) return closeLingering(request);
  if (response.headersSent) return void response.once('finish', () => closeLingering(request));
  // The answer says `Connection: close`, so that no client sends another request
  // here; once it is sent Node calls destroySoon(), which closes at once: linger instead.
  response.shouldKeepAlive = false;
  request.socket.destroySoon = () => closeLingering(request);
}
