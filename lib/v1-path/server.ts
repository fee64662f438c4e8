// The /v1 production path (docs/ARCHITECTURE.md, "The production path for /v1"): the
// exported handlers of app/v1/**/route.ts called straight from node:http,
// through @hono/node-server's request listener, without Next's router. What
// Next does around a route handler is done here too, so that both paths answer
// alike (tests/contract/parity.test.ts): params decoded per segment, HEAD served by
// GET, the security headers. The front door (server/request-refusals.mjs) has
// already answered the paths Next would redirect (a trailing slash is served
// as the path without it; `//`, dot segments and backslashes are a 404), so
// every /v1 path that reaches here is canonical. scripts/build-v1.mjs compiles
// this with the route modules into one bundle; server.mjs loads it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { securityHeaders } from '../security-headers.mjs';
import { noOperation } from '../http/error-body.mjs';
import { ApiError, errorResponse } from '../http/errors';
import { ALLOW, allowHeader, isRouteMethod, methodNotAllowed } from '../http/methods.mjs';
import { noContent, withHeaders } from '../http/respond';
import { log } from '../runtime/log';
import { startUpOnce } from '../runtime/startup';
import { compressed } from './compression';
import { answersEveryPath, matchRoute, routeTable, type Route, type RouteHandler, type RouteModule } from './route-table';

export type V1Server = {
  /** Start-up (migrations, bootstrap key): once per process, shared with Next's instrumentation hook. */
  ready: () => Promise<void>;
  /** The Allow value of the operations at a /v1 target (its path as sent, and its query, which may add methods), or undefined when none is there. */
  allowFor: (target: string) => string | undefined;
  /**
   * The node:http listener that answers /v1. Made on demand, not at load: the
   * adapter replaces the global Request and Response, and server.mjs loads this
   * bundle also when Next alone serves /v1 (PETSTORE_V1_VIA=next), for allowFor.
   */
  createListener: () => (request: IncomingMessage, response: ServerResponse) => Promise<void>;
};

const pathSegmentsOf = (path: string) => path.split('/').slice(2);

export function createV1Server(modules: [folder: string, module: RouteModule][]): V1Server {
  const table = routeTable(modules);
  let isStarted = false;

  // (Only node:http reaches this, never HTTP/2.)
  const answer = async (request: Request, { incoming }: HttpBindings | Http2Bindings): Promise<Response> => {
    if (!isStarted) {
      await startUpOnce();
      isStarted = true;
    }
    const target = incoming.url!;
    const end = target.indexOf('?');
    const path = end === -1 ? target : target.slice(0, end);
    const matched = matchRoute(table, pathSegmentsOf(path));
    // app/v1/[[...rest]] catches every path; without it, the same JSON 404.
    if (!matched) return failure(ApiError.of(noOperation(request.method, path)));
    return compressed(request, await handle(matched.route, request, matched.params));
  };
  const createAdapter = () =>
    getRequestListener(answer, {
      // Requests without a Host header (HTTP/1.0) get the one Next assumes.
      hostname: 'localhost',
      errorHandler: (error) => {
        // A request target or Host header the adapter cannot turn into a URL
        // (RFC 9112: a request with an invalid Host is answered 400).
        if (error instanceof RequestError) {
          return failure(new ApiError('invalid_request', 'The request URL or Host header is not valid.'), error.message);
        }
        return failure(new ApiError('internal_error', 'Something went wrong on our side.'), error);
      },
    });

  return {
    ready: startUpOnce,
    allowFor: (target) => {
      const url = new URL(target, 'http://localhost');
      const matched = matchRoute(table, pathSegmentsOf(url.pathname));
      return matched && !answersEveryPath(matched.route) ? allowOf(matched.route, url) : undefined;
    },
    createListener: () => {
      const listen = createAdapter();
      // The security headers go on the node:http response first: the adapter's
      // writeHead merges them under the handler's own (cheaper than a Headers.set each).
      return (request, response) => {
        for (const { key, value } of securityHeaders) response.setHeader(key, value);
        return listen(request, response);
      };
    },
  };
}

/** An answer of this path itself (no route ran): the Error, with the headers every /v1 answer has, and its log line. */
function failure(error: ApiError, cause?: unknown): Response {
  const requestId = randomUUID();
  if (error.status >= 500) log.error({ requestId, err: cause }, 'unhandled error on the /v1 path');
  else if (cause !== undefined) log.info({ requestId, status: error.status, reason: cause }, 'request');
  return withHeaders(errorResponse(error), { 'cache-control': 'no-store', 'x-request-id': requestId });
}

/** What the route's OPTIONS answers in Allow for the URL (lib/http/other-methods.ts), else what Next would: the methods it exports. */
function allowOf(route: Route, url: URL): string {
  const declared = (route.module.OPTIONS as { [ALLOW]?: (url: URL) => string } | undefined)?.[ALLOW];
  return declared?.(url) ?? allowHeader(Object.keys(route.module).filter((name) => isRouteMethod(name) && typeof route.module[name] === 'function'));
}

/** The route's handler for the method, as Next picks it: HEAD falls back to GET; any other method is a 405 with Allow. */
function handle(route: Route, request: Request, params: Record<string, string | string[]>): Response | Promise<Response> {
  const handler = (route.module[request.method] ?? (request.method === 'HEAD' ? route.module.GET : undefined)) as RouteHandler | undefined;
  if (handler) return handler(request, { params: Promise.resolve(params) });
  const allow = allowOf(route, new URL(request.url));
  if (request.method === 'OPTIONS') return noContent({ allow });
  return failure(ApiError.of(methodNotAllowed(request.method, allow)));
}
