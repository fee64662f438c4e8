// The API's Error body ({code, message, status}) as the front door writes it:
// on a ServerResponse, or by hand on a socket Node's HTTP server no longer serves.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** @typedef {{ status: number, code: string, message: string }} Refusal */

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
 */
export function rawErrorResponse(refusal, { method } = {}) {
  const { body, headers, requestId } = errorAnswer(refusal);
  const lines = Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  const content = method === 'HEAD' ? '' : body;
  return { requestId, response: `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}\r\n${lines.join('')}\r\n${content}` };
}
