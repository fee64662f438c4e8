// The /v1 production path (DESIGN.md, "The production path for /v1"): the
// exported handlers of app/v1/**/route.ts called straight from node:http,
// through @hono/node-server's request listener, without Next's router. What
// Next does around a route handler is done here too, so that both paths answer
// alike (tests/api/parity.test.ts): params decoded per segment, HEAD served by
// GET, the security headers. Paths Next would first redirect (a trailing slash,
// `//`, dot segments) are left to Next. scripts/build-v1.mjs compiles this with
// the route modules into one bundle; server.mjs loads it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener, RequestError, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { securityHeaders } from '../security-headers.mjs';
import { log } from '../runtime/log';
import { startUpOnce } from '../runtime/startup';
import { compressed } from './compression';
import { matchRoute, routeTable, type RouteHandler, type RouteModule } from './route-table';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// /v1 or /v1/…, no empty segment, no trailing slash, no dot segment (raw or
// encoded), no backslash: what Next serves without a redirect or normalising.
const CANONICAL_V1_PATH = /^\/v1(?:\/(?!\.|%2e)[^/\\?]+)*(?:\?|$)/i;

export type V1Server = {
  /** Start-up (migrations, bootstrap key): once per process, shared with Next's instrumentation hook. */
  ready: () => Promise<void>;
  /** Whether this path answers `url` (a raw request target); otherwise Next does. */
  serves: (url: string) => boolean;
  listener: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
};

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
    const pathSegments = (end === -1 ? target : target.slice(0, end)).split('/').slice(2);
    const matched = matchRoute(table, pathSegments);
    // app/v1/[[...rest]] catches every path; without it, the same JSON 404.
    if (!matched) return Response.json({ code: 'not_found', message: 'Not found.', status: 404 }, { status: 404 });
    return compressed(request, await handle(matched.route.module, request, matched.params));
  };
  const listen = getRequestListener(answer, {
    // Requests without a Host header (HTTP/1.0) get the one Next assumes.
    hostname: 'localhost',
    errorHandler: (error) => {
      const requestId = randomUUID();
      const headers = { 'cache-control': 'no-store', 'x-request-id': requestId };
      // A request target or Host header the adapter cannot turn into a URL
      // (RFC 9112: a request with an invalid Host is answered 400).
      if (error instanceof RequestError) {
        log.info({ requestId, status: 400, reason: error.message }, 'request');
        return Response.json({ code: 'invalid_request', message: 'The request URL or Host header is not valid.', status: 400 }, { status: 400, headers });
      }
      log.error({ requestId, err: error }, 'unhandled error on the /v1 path');
      return Response.json({ code: 'internal_error', message: 'Something went wrong on our side.', status: 500 }, { status: 500, headers });
    },
  });

  return {
    ready: startUpOnce,
    serves: (url) => CANONICAL_V1_PATH.test(url),
    // The security headers go on the node:http response first: the adapter's
    // writeHead merges them under the handler's own (cheaper than a Headers.set each).
    listener: (request, response) => {
      for (const { key, value } of securityHeaders) response.setHeader(key, value);
      return listen(request, response);
    },
  };
}

/** The module's handler for the method, as Next picks it: HEAD falls back to GET; OPTIONS and the rest as Next answers them. */
function handle(module: RouteModule, request: Request, params: Record<string, string | string[]>): Response | Promise<Response> {
  const handler = (module[request.method] ?? (request.method === 'HEAD' ? module.GET : undefined)) as RouteHandler | undefined;
  if (handler) return handler(request, { params: Promise.resolve(params) });
  const exported = METHODS.filter((method) => typeof module[method] === 'function');
  if (exported.includes('GET')) exported.push('HEAD');
  const allow = [...new Set([...exported, 'OPTIONS'])].join(', ');
  return new Response(null, { status: request.method === 'OPTIONS' ? 204 : 405, headers: { allow } });
}
