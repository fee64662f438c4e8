// How long one piece of database work may wait: every query and every
// transaction sent through the postgres driver gets a deadline (a pool
// connection to wait for, a connection to open, the answer itself), so that a
// paused or partitioned database gives a prompt error (503) instead of a hang,
// and a statement still running then is cancelled on the server. Nothing here
// needs a session, so it holds behind a transaction-pooling PgBouncer too.
import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';
import { processState } from '../process-state';
import { withinBudget } from '../within-budget';

/** The time a query or a whole transaction may take unless the caller set another (withDatabaseTimeout). */
const DATABASE_TIMEOUT_MS = 3_000;

/** The error code of work that passed its deadline; lib/http/handler.ts maps it to 503. */
export const DATABASE_TIMEOUT = 'DATABASE_TIMEOUT';

// One per process (lib/process-state.ts): the production server's /v1 bundle and
// Next's bundle each have a copy of this module but share one database client (client.ts).
const timeouts = processState('databaseTimeouts', () => new AsyncLocalStorage<number>());

/** Runs `work` with every database call in it bounded by `ms` (each call its own `ms`). */
export function withDatabaseTimeout<Result>(ms: number, work: () => Promise<Result>): Promise<Result> {
  return timeouts.run(ms, work);
}

function timeoutError(ms: number): Error {
  return Object.assign(new Error(`The database did not answer within ${ms} ms.`), { code: DATABASE_TIMEOUT });
}

// The parts of the driver's client this wraps.
type Sql = {
  unsafe: (...args: unknown[]) => unknown;
  begin: (...args: unknown[]) => Promise<unknown>;
  savepoint?: (...args: unknown[]) => Promise<unknown>;
};
type PendingQuery = postgres.PendingQuery<postgres.Row[]> & {
  // The driver's own fields: `state` is set once the query is handed to a
  // connection and written; until then its text and parameters may still change.
  state: unknown;
  strings: string[];
  args: unknown[];
  // The pool's cancel for this query; query.cancel() would drop the promise it returns.
  canceller: ((query: PendingQuery) => Promise<void>) | null;
};

/**
 * `client` with a deadline on each query (`unsafe`, what drizzle calls) and on
 * each transaction (`begin`, `savepoint`) as a whole; inside a transaction,
 * every query shares the transaction's deadline.
 */
export function boundedClient<Client extends object>(client: Client, deadline?: number): Client {
  return new Proxy(client as Client & Sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...args: unknown[]) => bound(target.unsafe(...args) as PendingQuery, deadline ?? nextDeadline());
      }
      if (property === 'begin' || property === 'savepoint') {
        return (...args: unknown[]) => boundTransaction(target, property, args, deadline);
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

function nextDeadline(): number {
  return performance.now() + (timeouts.getStore() ?? DATABASE_TIMEOUT_MS);
}

/**
 * The query runs only once awaited (the driver's queries are lazy). At the
 * deadline its caller gets DATABASE_TIMEOUT, unless its answer had arrived by
 * then (within-budget.ts: read before the deadline ends). A query still waiting for a
 * connection then is turned into `select 1` before it can be sent, so a write
 * its caller was told failed never happens later. (The driver's own cancel()
 * is no use there: on a query handed to a connection that is still connecting
 * it leaves that connection unusable.) A query already sent is cancelled on
 * the server (cancelOnServer), so that its backend stops waiting on a lock
 * when the caller stops waiting for it; a connection that never answers is
 * closed by hung-connections.ts. (A query to be described first that waits
 * behind another on its connection is not sent yet: the driver's
 * describe-alone patch drops it unsent on that cancel, patches/README.md.)
 */
function bound(query: PendingQuery, deadline: number): PendingQuery {
  const run = query.then.bind(query);
  const budget = Math.round(deadline - performance.now());
  let outcome: Promise<unknown> | undefined;
  const settle = () => {
    const remaining = deadline - performance.now();
    if (remaining <= 0) return Promise.reject(timeoutError(budget));
    return withinBudget(
      { then: run },
      remaining,
      () => {
        if (query.state === null) {
          query.strings = ['select 1'];
          query.args = [];
        } else {
          cancelOnServer(query);
        }
        return timeoutError(budget);
      },
      // Not sent yet: nothing can have answered it, and it must not be sent as it is now.
      () => query.state !== null,
    );
  };
  // The driver's then/catch/finally start the query; these start it only through settle().
  const then = (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => (outcome ??= settle()).then(onFulfilled, onRejected);
  // Plain assignments: cheaper per query than defining properties (docs/PERFORMANCE.md).
  const bounded = query as unknown as Record<'then' | 'catch' | 'finally', unknown>;
  bounded.then = then;
  bounded.catch = (onRejected?: (reason: unknown) => unknown) => then(undefined, onRejected);
  bounded.finally = (onFinally?: () => void) => (outcome ??= settle()).finally(onFinally);
  return query;
}

/**
 * Asks the server to stop the statement (the driver's CancelRequest, on a
 * connection of its own; PgBouncer forwards it to the server connection its
 * client is on). Without it a statement waiting on a lock held elsewhere waits
 * on after its request got its 503, its connection is closed as hung, the next
 * request opens a new one, and waiting backends pile up to max_connections.
 * The statement fails with 57014 and a transaction rolls back, freeing the
 * connection. A cancel that arrives as its statement ends can hit the next
 * statement on that backend: 57014 is answered 503 (errors.ts), so its request
 * may be retried.
 */
function cancelOnServer(query: PendingQuery): void {
  const cancel = query.canceller;
  query.canceller = null;
  // A database that is down cannot be told; its connection is dropped anyway.
  cancel?.(query).catch(() => {});
}

/**
 * A transaction may take until its deadline in all (waiting for its
 * connection, its queries, the COMMIT). Past it, the caller gets
 * DATABASE_TIMEOUT at once; a transaction whose BEGIN only got through later
 * rolls back before running anything, and one cut short rolls back at its
 * next query (they all share the deadline), so nothing its caller was told
 * failed is committed later. (A COMMIT sent but not answered is the one
 * unknowable case: Idempotency-Key covers it.)
 */
function boundTransaction(target: Sql, method: 'begin' | 'savepoint', args: unknown[], outer?: number): Promise<unknown> {
  const deadline = outer ?? nextDeadline();
  const budget = Math.round(deadline - performance.now());
  const work = args.pop() as (transaction: Sql) => unknown;
  let isAbandoned = false;
  const running = target[method]!(...args, (transaction: Sql) => {
    if (isAbandoned || performance.now() >= deadline) throw timeoutError(budget);
    return work(boundedClient(transaction, deadline));
  });
  return withinBudget(running, Math.max(0, deadline - performance.now()), () => {
    isAbandoned = true;
    return timeoutError(budget);
  });
}
