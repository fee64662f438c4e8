// Bounds every request body before anything (Next, next-auth, a route handler)
// buffers it:
// - a Content-Length over the route's limit is refused (413) before a byte of
//   the body is read: /v1 takes what lib/http/body.ts takes (64 KiB), everything
//   else (the dashboard's pages and server actions, /api/auth) 1 MiB, Next's own
//   default for server actions;
// - outside /v1 a body must declare its length (411 otherwise): browsers always
//   do, and Next's readers would take a chunked body whole;
// - a chunked /v1 body is counted as Node's parser hands it over. The handlers
//   read at most 64 KiB and answer the 413 themselves (lib/http/body.ts); past the
//   limit nothing more is handed over, the socket is no longer read, and the
//   connection closes after the answer.

/** @typedef {import('./error-answer.mjs').Refusal} Refusal */

export const API_BODY_LIMIT = 64 * 1024;
export const PAGE_BODY_LIMIT = 1024 * 1024;

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
  const limit = isApiPath(path) ? API_BODY_LIMIT : PAGE_BODY_LIMIT;
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MiB` : `${limit / 1024} KiB`;
    return { status: 413, code: 'payload_too_large', message: `The request body must be at most ${size}.` };
  }
  if (request.headers['transfer-encoding'] !== undefined && !isApiPath(path)) {
    return { status: 411, code: 'invalid_request', message: 'A request body here must come with a Content-Length.' };
  }
  return undefined;
}

/**
 * Counts a chunked /v1 body where the parser pushes each chunk into the request
 * stream: nothing is buffered, and the route's own reads (Next's, or
 * @hono/node-server's) are untouched. The chunk that passes the limit still goes
 * through, so that the handler's own count passes it too and it answers its 413.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {string} path
 */
export function meterBody(request, response, path) {
  if (request.headers['transfer-encoding'] === undefined || !isApiPath(path)) return;
  const push = request.push;
  let received = 0;
  request.push = function meteredPush(chunk, encoding) {
    // false: the parser stops reading the socket; what the client still sends stays unread.
    if (received > API_BODY_LIMIT) return false;
    if (chunk !== null) received += chunk.length;
    if (received > API_BODY_LIMIT && !response.headersSent) response.shouldKeepAlive = false;
    return push.call(this, chunk, encoding);
  };
}
