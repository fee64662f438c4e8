// The one wrapper every /v1 route handler goes through: request id, bearer auth
// before anything else, the rate limit, Idempotency-Key on the routes that ask
// for it, error mapping to the Error body, common headers and one log line per
// request.
import { randomUUID } from 'node:crypto';
import { actingAs } from '../domain/activity';
import type { Scope } from '../domain/api-key-check';
import { scopesFor } from '../contract/api-keys';
import { OPERATION_SCOPE, type OperationId } from '../contract/roles';
import { db, type Executor } from '../db/client';
import { withDatabaseTimeout } from '../db/deadline';
import { lostKeyRights } from '../db/errors';
import { assertRoomToWrite } from '../db/storage';
import { log } from '../runtime/log';
import { recordRequest } from '../metrics';
import { authenticate, type Caller } from './auth';
import { failureResponse } from './failure-response';
import { RequestRefusal } from './errors';
import type { BodyLimit } from './body';
import { idempotently } from './idempotency';
import { enforceRateLimit } from './rate-limit';
import { headerOf, withHeaders } from './respond';

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type Operation<Who extends Caller | null = Caller> = {
  request: Request;
  url: URL;
  params: Record<string, string | string[]>;
  /** The key's holder; null on the few operations open to all. */
  caller: Who;
  requestId: string;
  /** Where the operation's queries go: a transaction holding its Idempotency-Key's record, or the database. */
  database: Executor;
};

type Options<Needed extends OperationId | null> = {
  /** The operation served: its key needs the scope the permission table gives it; `null` for the few open to all. */
  operation: Needed;
  /** Headers added to every response of this route, errors included. */
  headers?: () => Record<string, string>;
  /** Honour `Idempotency-Key` (lib/http/idempotency.ts): for POSTs that create. */
  idempotent?: boolean;
  /** The largest body the route reads, when more than a JSON body's (a CSV import): what Idempotency-Key reads too. */
  bodyLimit?: BodyLimit;
  /** Each query's and transaction's deadline, when the route's work is more than a request's 3 s (storing a 50 MB import). */
  databaseTimeoutMs?: number;
  /** Admits the route's work, its body's read included, to a bounded number at once (lib/http/slots.ts). */
  admit?: <Result>(work: () => Promise<Result>) => Promise<Result>;
};

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;
// Methods that never write: served even when the embedded database's disk is full (lib/db/storage.ts).
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function apiRoute<Needed extends OperationId | null>(
  options: Options<Needed>,
  run: (operation: Operation<Needed extends OperationId ? Caller : null>) => Promise<Response>,
) {
  type Who = Needed extends OperationId ? Caller : null;
  const scope: Scope | null = options.operation && OPERATION_SCOPE[options.operation];
  return async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const given = request.headers.get('x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    const url = new URL(request.url);
    const route = { requestId, method: request.method, path: url.pathname };
    let response: Response;
    let rateLimitHeaders: Record<string, string> = {};
    let routeParams: Record<string, string | string[]> | undefined;
    try {
      const params = (routeParams = (await context.params) ?? {});
      const caller = scope ? await authenticate(request, scope) : null;
      if (caller) rateLimitHeaders = await enforceRateLimit(caller);
      if (!READ_ONLY_METHODS.has(request.method)) await assertRoomToWrite();
      const database = await db();
      // A refusal of the request as sent, or of a key that lost its rights meanwhile, is
      // answered below, outside any Idempotency-Key transaction: thrown through it, it rolls
      // the key's record back (nothing is stored for it).
      // Every change the operation makes is recorded as the caller's (lib/domain/activity.ts).
      const operate = (request: Request, database: Executor) =>
        (caller
          ? actingAs({ keyId: caller.keyId, userId: caller.userId, label: caller.label, requestId, needs: new Set(scopesFor(scope!)) }, () =>
              run({ request, url, params, caller: caller as Who, requestId, database }),
            )
          : run({ request, url, params, caller: caller as Who, requestId, database })
        ).catch((error: unknown) => {
          if (error instanceof RequestRefusal || lostKeyRights(error)) throw error;
          return failureResponse(error, route);
        });
      const work = () => (options.idempotent && caller ? idempotently(request, caller, database, operate, options.bodyLimit) : operate(request, database));
      const timed = () => (options.databaseTimeoutMs ? withDatabaseTimeout(options.databaseTimeoutMs, work) : work());
      response = await (options.admit ? options.admit(timed) : timed());
    } catch (error) {
      response = failureResponse(error, route);
    }
    // /v1 is cookie-free: bearer keys only, and nothing here ever sets a cookie. Nothing
    // is kept by a cache unless the route says so itself (a photo file).
    const cacheControl = headerOf(response, 'cache-control') ?? 'no-store';
    response = withHeaders(
      response,
      { 'x-request-id': requestId, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff', ...rateLimitHeaders, ...options.headers?.() },
      ['set-cookie'],
    );
    const isReplay = headerOf(response, 'idempotent-replayed') !== null;
    const ms = performance.now() - started;
    const { method, path } = route;
    const status = response.status;
    log.info({ requestId, method, path, status, ...(isReplay && { replayed: true }), ms: Math.round(ms * 10) / 10 }, 'request');
    recordRequest({ method, path, params: routeParams, status, seconds: ms / 1000, isReplay });
    return response;
  };
}
