// The requests the front door answers itself, before any route sees them: those
// Next cannot route, and the odd HTTP docs/ARCHITECTURE.md decides ("a JSON
// Error, never plain text, never a redirect to another host"). Such requests
// name no resource, so they are refused before any key is checked; auth stays
// in the handlers. It also puts /v1 paths in the one shape the API serves: /v1
// never redirects.
import { noOperation } from '../lib/http/error-body.mjs';
import { ROUTE_METHODS, allowHeader, isRouteMethod, methodNotAllowed } from '../lib/http/methods.mjs';
import { isV1Path } from './v1-dispatch.mjs';

/** @typedef {import('../lib/http/error-body.mjs').Refusal} Refusal */
/** @typedef {import('node:http').IncomingMessage} IncomingMessage */

// Longer targets are refused (414); Node's own bound is the 16 KiB of all headers.
const MAX_TARGET_BYTES = 8 * 1024;
/** All the request's headers, its request line included (http.createServer's maxHeaderSize). */
export const MAX_HEADER_BYTES = 16 * 1024;
// Node 24's parser refuses a request with more header fields than this with the
// same error as one over MAX_HEADER_BYTES (HPE_HEADER_OVERFLOW); Node 20 drops the rest.
const MAX_HEADER_FIELDS = 1_000;
// Headers the service reads once: Node keeps the first of several and drops the
// rest without a word, so a repeated one is ambiguous (which key, which body type?).
const SINGLE_HEADERS = ['host', 'authorization', 'content-type'];

/**
 * The refusal for a request no route should see, or undefined. An absolute-form
 * target naming this very host (`GET http://host/v1/pets`, RFC 9112 §3.2.2) is
 * rewritten to its path here, and so is a /v1 path with a trailing slash, so
 * that routes only ever see origin-form, canonical paths.
 * @param {IncomingMessage} request
 * @param {(target: string) => string | undefined} allowFor the Allow of the operations at a /v1 target (path and query), if any
 * @returns {Refusal | undefined}
 */
export function refusalOf(request, allowFor) {
  const method = request.method ?? '';
  const target = request.url ?? '';
  if (target.length > MAX_TARGET_BYTES) {
    return { status: 414, code: 'invalid_request', message: `The request target is longer than ${MAX_TARGET_BYTES / 1024} KiB.` };
  }
  const repeated = repeatedHeader(request.rawHeaders);
  if (repeated) return { status: 400, code: 'invalid_request', message: `The ${repeated} header must be sent once.` };
  // RFC 9112 §3.2: a request without Host is answered 400 (Node's own answer has no body).
  if (!request.headers.host) return { status: 400, code: 'invalid_request', message: 'A Host header is required.' };
  const targetRefusal = originFormOf(request, request.headers.host);
  if (targetRefusal) return targetRefusal;
  const path = pathOf(request);
  if (path.includes('%') && !isWellEncoded(path)) {
    return { status: 400, code: 'invalid_request', message: 'The URL path is not valid percent-encoded UTF-8.' };
  }
  if (!isV1Path(path)) return isRouteMethod(method) ? undefined : methodNotAllowed(method, allowHeader(ROUTE_METHODS));
  const shapeRefusal = canonicalV1PathOf(request, path);
  if (shapeRefusal || isRouteMethod(method)) return shapeRefusal;
  const canonical = pathOf(request);
  const allow = allowFor(request.url ?? canonical);
  return allow ? methodNotAllowed(method, allow) : noOperation(method, canonical);
}

/**
 * The request's path, without its query.
 * @param {IncomingMessage} request
 */
export function pathOf(request) {
  const url = request.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Serves a /v1 path with a trailing slash as the path without it (rewriting the
 * target); refuses one that Next would redirect or normalise into another
 * path (an empty segment, a dot segment, raw or encoded, a backslash): no
 * operation is there (404), and /v1 never redirects.
 * @param {IncomingMessage} request
 * @param {string} path
 * @returns {Refusal | undefined}
 */
function canonicalV1PathOf(request, path) {
  const withoutSlash = path !== '/v1' && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = withoutSlash.split('/').slice(2);
  if (segments.some((segment) => segment === '' || segment.includes('\\') || isDotSegment(segment))) {
    return noOperation(request.method ?? '', path);
  }
  if (withoutSlash !== path) request.url = `${withoutSlash}${(request.url ?? '').slice(path.length)}`;
  return undefined;
}

/** @param {string} segment */
const isDotSegment = (segment) => {
  const decoded = segment.includes('%') ? decodeURIComponent(segment) : segment;
  return decoded === '.' || decoded === '..';
};

/**
 * Rewrites an absolute-form target for this host to origin-form; refuses `*`, other hosts and other forms.
 * @param {IncomingMessage} request
 * @param {string} host the Host header
 * @returns {Refusal | undefined}
 */
function originFormOf(request, host) {
  const target = request.url ?? '';
  if (target.startsWith('/')) return undefined;
  if (target === '*') {
    return {
      status: 400,
      code: 'invalid_request',
      message: 'The request target `*` names no resource; ask a path instead (OPTIONS on a path lists its methods).',
    };
  }
  let url;
  try {
    url = new URL(target);
  } catch {
    return { status: 400, code: 'invalid_request', message: 'The request target must be a path starting with `/`.' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return { status: 400, code: 'invalid_request', message: 'The request target must be a path starting with `/`.' };
  }
  if (url.host !== hostOf(host)) {
    // Never followed, never redirected to: this server is not a proxy.
    return { status: 400, code: 'invalid_request', message: 'The request target names another host than the Host header; this server is not a proxy.' };
  }
  request.url = `${url.pathname}${url.search}`;
  return undefined;
}

/**
 * The Host header as URL.host spells it (lower case, no default port), or undefined when it is no host.
 * @param {string} header
 */
function hostOf(header) {
  try {
    return new URL(`http://${header}`).host;
  } catch {
    return undefined;
  }
}

/**
 * The first header of SINGLE_HEADERS that comes more than once, as sent.
 * @param {string[]} rawHeaders
 */
function repeatedHeader(rawHeaders) {
  const seen = new Set();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]?.toLowerCase() ?? '';
    if (!SINGLE_HEADERS.includes(name)) continue;
    if (seen.has(name)) return rawHeaders[index];
    seen.add(name);
  }
  return undefined;
}

/** @param {string} path */
function isWellEncoded(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Node's parser errors (llhttp's HPE_*, with what 'clientError' documents on
 * them: the bytes of the read it failed in, and how far it got), as the API's Error.
 * @param {{ code?: string, rawPacket?: Buffer, bytesParsed?: number }} error
 * @returns {Refusal}
 */
export function parserRefusal({ code, rawPacket, bytesParsed }) {
  if (code === 'HPE_HEADER_OVERFLOW') {
    const message = isOverFieldCount(rawPacket, bytesParsed)
      ? `The request has more than ${MAX_HEADER_FIELDS.toLocaleString('en')} header fields.`
      : `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KiB.`;
    return { status: 431, code: 'invalid_request', message };
  }
  if (code === 'HPE_INVALID_METHOD') {
    return { status: 400, code: 'invalid_request', message: `The request's method is not one this server reads; it takes ${ROUTE_METHODS.join(', ')}.` };
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, code: 'payload_too_large', message: 'The chunk extensions are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'invalid_request', message: 'The request did not arrive in time.' };
  return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' };
}

/**
 * Which of the parser's two header bounds a refusal met: the field count when the
 * read it failed in holds that many lines (the size bound otherwise: 16 KiB of
 * ordinary headers is a few hundred lines).
 * @param {Buffer | undefined} rawPacket
 * @param {number | undefined} bytesParsed
 */
function isOverFieldCount(rawPacket, bytesParsed) {
  if (!rawPacket) return false;
  const parsed = rawPacket.subarray(0, bytesParsed ?? rawPacket.length);
  let lines = 0;
  for (let at = parsed.indexOf(10); at !== -1; at = parsed.indexOf(10, at + 1)) lines++;
  return lines >= MAX_HEADER_FIELDS;
}

/** CONNECT asks for a tunnel to another host (RFC 9110 §9.3.6): this server is no proxy. @type {Refusal} */
export const connectRefusal = {
  status: 400,
  code: 'invalid_request',
  message: 'CONNECT asks for a tunnel to another host; this server is not a proxy.',
};

/** An `Expect` other than 100-continue (RFC 9110 §10.1.1). @type {Refusal} */
export const expectationRefusal = { status: 417, code: 'invalid_request', message: 'The only expectation this server meets is `Expect: 100-continue`.' };

/** A request asking to switch protocols (RFC 9110 §7.8). @type {Refusal} */
export const upgradeRefusal = {
  status: 400,
  code: 'invalid_request',
  message: 'This server does not upgrade connections; send the request without `Upgrade`.',
};
