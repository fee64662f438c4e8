// The HTTP methods of this service, written once: the ones a route may take,
// in the order Allow lists them, and the refusals of every other method. Plain
// JS, so that the front door (server/) reads the same list as the routes.

/** The methods a route handler can take (Next's and the /v1 path's alike). */
export const ROUTE_METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** @typedef {(typeof ROUTE_METHODS)[number]} RouteMethod */

/**
 * A method of HTTP itself (RFC 9110) that no route here takes: refused with
 * 405 and the target's Allow. CONNECT is HTTP's too, but a proxy's: this
 * server implements it for no resource (501), like any other method.
 */
export const REFUSED_KNOWN_METHODS = ['TRACE'];

/**
 * @param {string} method
 * @returns {method is RouteMethod}
 */
export const isRouteMethod = (method) => /** @type {readonly string[]} */ (ROUTE_METHODS).includes(method);

/**
 * The property of a route's OPTIONS handler that holds the Allow it answers
 * (lib/http/other-methods.ts), so the /v1 path can name it in a 405 the front
 * door answers without running the route. Registered (Symbol.for), so that
 * every bundle holds the same one.
 */
export const ALLOW = Symbol.for('petstore.allow');

/**
 * The Allow value of a route that implements `implemented`: HEAD comes with
 * GET, and OPTIONS is always answered.
 * @param {readonly string[]} implemented
 */
export function allowHeader(implemented) {
  const served = new Set([...implemented, 'OPTIONS']);
  if (served.has('GET')) served.add('HEAD');
  return ROUTE_METHODS.filter((method) => served.has(method)).join(', ');
}

/**
 * 405, with the methods the target does take (RFC 9110 §15.5.6).
 * @param {string} method
 * @param {string} allow
 * @returns {import('./error-body.mjs').Refusal}
 */
export function methodNotAllowed(method, allow) {
  return { status: 405, code: 'method_not_allowed', message: `${method} is not allowed here; allowed: ${allow}.`, headers: { allow } };
}

/**
 * 501: a method this server implements for no resource (RFC 9110 §15.6.2).
 * @param {string} method
 * @returns {import('./error-body.mjs').Refusal}
 */
export function methodNotImplemented(method) {
  return {
    status: 501,
    code: 'method_not_allowed',
    message: `${method} is not a method this server implements; it takes ${ROUTE_METHODS.join(', ')} (see OPTIONS or /v1/openapi.json).`,
  };
}
