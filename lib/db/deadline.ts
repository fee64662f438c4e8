// How long one piece of database work may take: every query and every
// transaction sent to PostgreSQL gets a deadline (a pool connection to wait
// for, a connection to open, the answer itself), so that a paused or
// partitioned database gives a prompt error (503) instead of a hang. The pool
// (postgres-pool.ts) enforces it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { processState } from '../process-state';

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

/** When work starting now must have ended (performance.now() time). */
export function nextDeadline(): number {
  return performance.now() + (timeouts.getStore() ?? DATABASE_TIMEOUT_MS);
}

export function timeoutError(ms: number): Error {
  return Object.assign(new Error(`The database did not answer within ${ms} ms.`), { code: DATABASE_TIMEOUT });
}
