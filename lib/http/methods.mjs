// The HTTP methods of this service, written once: the ones a route may take,
// in the order Allow lists them, and the refusal of every other method. Plain
// JS, so that the front door (server/) reads the same list as the routes.
// Every other method (TRACE, PROPFIND, PURGE…) is the target's 405 with its
// Allow, never a 501: the error codes are a closed list, each answered with one
// status (lib/contract/errors.ts), and a 501 has no code of its own there
// (docs/ARCHITECTURE.md).

/** The methods a route handler can take (Next's and the /v1 path's alike). */
export const ROUTE_METHODS = /** @type {const} */ (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** @typedef {(typeof ROUTE_METHODS)[number]} RouteMethod */

/**
 * @param {string} method
 * @returns {method is RouteMethod}
 */
export const isRouteMethod = (method) => /** @type {readonly string[]} */ (ROUTE_METHODS).includes(method);

/**
 * The property of a route's OPTIONS handler that holds the Allow it answers, a
 * function of the request's URL (lib/http/other-methods.ts: a query may add
 * methods), so the /v1 path can name it in a 405 the front door answers without
 * running the route. Registered (Symbol.for), so that every bundle holds the same one.
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
