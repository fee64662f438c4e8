// The Error body ({code, message, status, details?}) and the refusals every
// layer may answer before a route runs, written once in plain JS: the route
// handlers (lib/http/errors.ts), the /v1 path (lib/v1-path) and the front door
// (server/, which loads no TypeScript) all answer through here.

/**
 * An answer refusing a request: the Error body's fields, and headers that go with it.
 * @typedef {{
 *   status: number,
 *   code: import('../contract/errors').ErrorCode,
 *   message: string,
 *   details?: import('../contract/errors').ErrorDetail[],
 *   headers?: Record<string, string>,
 * }} Refusal
 */

/**
 * The Error body as JSON text.
 * @param {Refusal} refusal
 */
export function errorBodyText({ code, message, status, details }) {
  return JSON.stringify(details ? { code, message, status, details } : { code, message, status });
}

/**
 * The 404 of a /v1 path that names no operation.
 * @param {string} method
 * @param {string} path the path as sent
 * @returns {Refusal}
 */
export function noOperation(method, path) {
  return { status: 404, code: 'not_found', message: `No operation at ${method} ${path}; see /v1/openapi.json.` };
}
