// The requests the front door answers itself, before any route sees them: those
// Next cannot route, and the odd HTTP DESIGN.md decides ("a JSON Error, never
// plain text, never a redirect to another host"). Such requests name no resource,
// so they are refused before any key is checked; auth stays in the handlers.

/** @typedef {import('./error-answer.mjs').Refusal} Refusal */

// The methods Next's route handlers can receive.
const ROUTABLE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// Longer targets are refused (414); Node's own bound is the 16 KiB of all headers.
export const MAX_TARGET_BYTES = 8 * 1024;
// Headers the service reads once: Node keeps the first of several and drops the
// rest without a word, so a repeated one is ambiguous (which key, which body type?).
const SINGLE_HEADERS = ['host', 'authorization', 'content-type'];

export const unsupportedMethod = (method) => `${method} is not a method this API supports; see OPTIONS or /v1/openapi.json.`;

/**
 * The refusal for a request no route should see, or undefined. An absolute-form
 * target naming this very host (`GET http://host/v1/pets`, RFC 9112 §3.2.2) is
 * rewritten to its path here, so that routes only ever see origin-form.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Refusal | undefined}
 */
export function refusalOf(request) {
  if (!ROUTABLE_METHODS.has(request.method)) {
    // No Allow header: which methods a path takes is the route's to say (OPTIONS on it answers).
    return { status: 405, code: 'method_not_allowed', message: unsupportedMethod(request.method) };
  }
  if (request.url.length > MAX_TARGET_BYTES) {
    return { status: 414, code: 'invalid_request', message: `The request target is longer than ${MAX_TARGET_BYTES / 1024} KiB.` };
  }
  const repeated = repeatedHeader(request.rawHeaders);
  if (repeated) return { status: 400, code: 'invalid_request', message: `The ${repeated} header must be sent once.` };
  // RFC 9112 §3.2: a request without Host is answered 400 (Node's own answer has no body).
  if (!request.headers.host) return { status: 400, code: 'invalid_request', message: 'A Host header is required.' };
  const targetRefusal = originFormOf(request);
  if (targetRefusal) return targetRefusal;
  const path = pathOf(request);
  if (path.includes('%') && !isWellEncoded(path)) {
    return { status: 400, code: 'invalid_request', message: 'The URL path is not valid percent-encoded UTF-8.' };
  }
  return undefined;
}

/** The request's path, without its query. */
export function pathOf(request) {
  const url = request.url ?? '/';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** Rewrites an absolute-form target for this host to origin-form; refuses `*`, other hosts and other forms. */
function originFormOf(request) {
  const target = request.url;
  if (target.startsWith('/')) return undefined;
  if (target === '*') {
    return { status: 400, code: 'invalid_request', message: 'The request target `*` names no resource; ask a path instead (OPTIONS on a path lists its methods).' };
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
  if (url.host !== hostOf(request.headers.host)) {
    // Never followed, never redirected to: this server is not a proxy.
    return { status: 400, code: 'invalid_request', message: 'The request target names another host than the Host header; this server is not a proxy.' };
  }
  request.url = `${url.pathname}${url.search}`;
  return undefined;
}

/** The Host header as URL.host spells it (lower case, no default port), or undefined when it is no host. */
function hostOf(header) {
  try {
    return new URL(`http://${header}`).host;
  } catch {
    return undefined;
  }
}

/** The first header of SINGLE_HEADERS that comes more than once, as sent. */
function repeatedHeader(rawHeaders) {
  const seen = new Set();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index].toLowerCase();
    if (!SINGLE_HEADERS.includes(name)) continue;
    if (seen.has(name)) return rawHeaders[index];
    seen.add(name);
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

/**
 * Node's parser error codes (llhttp's HPE_*), as the API's Error.
 * @returns {Refusal}
 */
export function parserRefusal(code) {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'invalid_request', message: 'The request headers are larger than 16 KiB.' };
  if (code === 'HPE_INVALID_METHOD') return { status: 405, code: 'method_not_allowed', message: unsupportedMethod('The request\'s method') };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, code: 'payload_too_large', message: 'The chunk extensions are too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'invalid_request', message: 'The request did not arrive in time.' };
  return { status: 400, code: 'invalid_request', message: 'The request is not valid HTTP/1.1.' };
}

/** @type {Refusal} */
export const connectRefusal = { status: 405, code: 'method_not_allowed', message: unsupportedMethod('CONNECT') };

/** An `Expect` other than 100-continue (RFC 9110 §10.1.1). @type {Refusal} */
export const expectationRefusal = { status: 417, code: 'invalid_request', message: 'The only expectation this server meets is `Expect: 100-continue`.' };

/** A request asking to switch protocols (RFC 9110 §7.8). @type {Refusal} */
export const upgradeRefusal = { status: 400, code: 'invalid_request', message: 'This server does not upgrade connections; send the request without `Upgrade`.' };
