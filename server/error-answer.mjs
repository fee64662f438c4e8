// The front door's answers: the API's Error (lib/http/error-body.mjs), with the
// headers every answer of this server carries (the security headers included),
// on a ServerResponse or by hand on a socket Node's HTTP server no longer serves.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { errorBodyText } from '../lib/http/error-body.mjs';
import { securityHeaders } from '../lib/security-headers.mjs';

/** @typedef {import('../lib/http/error-body.mjs').Refusal} Refusal */

const SECURITY_HEADERS = Object.fromEntries(securityHeaders.map(({ key, value }) => [key.toLowerCase(), value]));

/**
 * The headers of every answer the front door writes itself, JSON or not.
 * @param {Record<string, string>} headers
 */
export const withCommonHeaders = (headers) => ({ ...SECURITY_HEADERS, 'cache-control': 'no-store', ...headers });

/**
 * The Error body and its headers, under a fresh request id.
 * @param {Refusal} refusal
 */
function errorAnswer(refusal) {
  const body = errorBodyText(refusal);
  const requestId = randomUUID();
  const headers = withCommonHeaders({
    ...refusal.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'x-request-id': requestId,
  });
  return { body, headers, requestId };
}

/**
 * Answers with the Error; returns its request id.
 * @param {http.ServerResponse} response
 * @param {Refusal} refusal
 */
export function sendError(response, refusal) {
  const { body, headers, requestId } = errorAnswer(refusal);
  response.writeHead(refusal.status, headers).end(body);
  return requestId;
}

/**
 * For a socket Node's HTTP server no longer serves: the whole response by hand
 * (no body to a HEAD request), then the caller closes.
 * @param {Refusal} refusal
 * @param {{ method?: string }} [request]
 */
export function rawErrorResponse(refusal, { method } = {}) {
  const { body, headers, requestId } = errorAnswer(refusal);
  const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  const content = method === 'HEAD' ? '' : body;
  return { requestId, response: `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}\r\n${lines.join('')}\r\n${content}` };
}
