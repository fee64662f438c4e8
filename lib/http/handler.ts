// The one wrapper every /v1 route handler goes through: request id, bearer auth
// before anything else, the rate limit, Idempotency-Key on the routes that ask
// for it, error mapping to the Error body, common headers and one log line per
// request.
import { randomUUID } from 'node:crypto';
import type { Scope } from '../api-key-check';
import { DATABASE_TIMEOUT } from '../db/deadline';
import { DATABASE_NOT_ANSWERING } from '../db/hung-connections';
import { db, type Executor } from '../db/client';
import { describeBug, failureReason, logFailure } from '../failure-log';
import { log } from '../log';
import { recordRequest, routePattern } from '../metrics';
import { authenticate, type Caller } from './auth';
import { ApiError, errorResponse } from './errors';
import { idempotently } from './idempotency';
import { enforceRateLimit } from './rate-limit';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type Operation = {
  request: Request;
  url: URL;
  params: Record<string, string | string[]>;
  caller: Caller;
  requestId: string;
  /** Where the operation's queries go: a transaction holding its Idempotency-Key's record, or the database. */
  database: Executor;
};

type Options = {
  /** The scope the caller's key needs; `null` for the few operations open to all. */
  scope: Scope | null;
  /** Headers added to every response of this route, errors included. */
  headers?: () => Record<string, string>;
  /** Honour `Idempotency-Key` (lib/http/idempotency.ts): for POSTs that create. */
  idempotent?: boolean;
};

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const ANONYMOUS: Caller = { keyId: 0, scopes: [] };

export function apiRoute(options: Options, run: (operation: Operation) => Promise<Response>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const given = request.headers.get('x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    let response: Response;
    let rateLimitHeaders: Record<string, string> = {};
    let routeParams: Record<string, string | string[]> | undefined;
    try {
      const params = (routeParams = (await context.params) ?? {});
      const caller = options.scope ? await authenticate(request, options.scope) : ANONYMOUS;
      if (options.scope) rateLimitHeaders = await enforceRateLimit(caller);
      const database = await db();
      const operate = (request: Request, database: Executor) =>
        run({ request, url: new URL(request.url), params, caller, requestId, database }).catch((error: unknown) =>
          failureResponse(error, request, requestId),
        );
      response = options.idempotent ? await idempotently(request, caller, database, operate) : await operate(request, database);
    } catch (error) {
      response = failureResponse(error, request, requestId);
    }
    response.headers.set('x-request-id', requestId);
    response.headers.set('cache-control', 'no-store');
    response.headers.set('x-content-type-options', 'nosniff');
    // /v1 is cookie-free: bearer keys only, and nothing here ever sets a cookie.
    response.headers.delete('set-cookie');
    for (const [name, value] of Object.entries({ ...rateLimitHeaders, ...options.headers?.() })) {
      response.headers.set(name, value);
    }
    const path = new URL(request.url).pathname;
    const isReplay = response.headers.has('idempotent-replayed');
    const ms = performance.now() - started;
    log.info(
      {
        requestId,
        method: request.method,
        path,
        status: response.status,
        ...(isReplay && { replayed: true }),
        ms: Math.round(ms * 10) / 10,
      },
      'request',
    );
    recordRequest({ method: request.method, route: routePattern(path, routeParams), status: response.status, seconds: ms / 1000, isReplay });
    return response;
  };
}

// Errors the database driver raises while the server is unreachable or restarting.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  DATABASE_TIMEOUT, // a query or transaction passed its deadline (lib/db/deadline.ts)
  DATABASE_NOT_ANSWERING, // a connection closed for its silence (lib/db/hung-connections.ts)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // SQLSTATE class 08: connection exceptions.
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

// Never the error object in the log: lib/failure-log.ts says why.
function failureResponse(error: unknown, request: Request, requestId: string): Response {
  if (error instanceof ApiError) return errorResponse(error);
  const route = { requestId, method: request.method, path: new URL(request.url).pathname };
  if (isDatabaseUnavailable(error)) {
    logFailure('database unavailable: answered 503', failureReason(error), route);
    return errorResponse(
      new ApiError('service_unavailable', 'The database is unavailable; retry shortly.', {
        headers: { 'retry-after': '2' },
      }),
    );
  }
  log.error({ ...route, error: describeBug(error) }, 'unhandled error');
  return errorResponse(new ApiError('internal_error', `Something went wrong on our side (request ${requestId}).`));
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHOD_ORDER)[number];

/**
 * Handlers for the methods a route does not implement: a JSON 405 with Allow,
 * and OPTIONS answering 204 with the same Allow (Next's own would list every method).
 */
export function otherMethods(implemented: Method[]) {
  const served = new Set<Method>([...implemented, 'OPTIONS']);
  if (served.has('GET')) served.add('HEAD');
  const allow = METHOD_ORDER.filter((method) => served.has(method)).join(', ');
  const notAllowed = apiRoute({ scope: null }, async ({ request }) => {
    throw new ApiError('method_not_allowed', `${request.method} is not allowed here; allowed: ${allow}.`, {
      headers: { allow },
    });
  });
  const options = apiRoute({ scope: null }, async () => new Response(null, { status: 204, headers: { allow } }));
  return {
    POST: notAllowed,
    PUT: notAllowed,
    PATCH: notAllowed,
    DELETE: notAllowed,
    OPTIONS: options,
  };
}
