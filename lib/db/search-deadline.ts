// How long a search may run (PETSTORE_SEARCH_TIMEOUT_MS), on either database, and
// the error that says it ran too long (answered 503 with its own message by
// lib/http/handler.ts, not as an unreachable database).
// PostgreSQL: the search runs in a transaction with `SET LOCAL statement_timeout`,
// shorter than every query's 3 s deadline (deadline.ts), so the server itself
// stops a slow statement and says why (57014, "statement timeout"). A transaction
// holds the setting through a transaction-pooling PgBouncer too.
// PGlite runs in this process, one statement at a time, and a statement cannot be
// interrupted (its statement_timeout is never fired: the WebAssembly build has
// no timer that can preempt a running query). There a search reads in bounded
// steps and checks the deadline between them (lib/domain/pets.ts), so that other
// requests' statements run in between and no search outlives its deadline by
// more than one step.
import { sql } from 'drizzle-orm';
import { config } from '../runtime/config';
import type { Database } from './client';

/** The error code of a search stopped at its deadline. */
const SEARCH_TIMEOUT = 'SEARCH_TIMEOUT';

export type SearchDeadline = {
  /** Whether the database stops a statement at the deadline itself (PostgreSQL), or the search must read in steps (PGlite). */
  isEnforcedByDatabase: boolean;
  /**
   * Between two steps (PGlite): throws SEARCH_TIMEOUT past the deadline, else lets
   * the event loop read what arrived first. A PGlite statement's answer comes back
   * as a promise, so a search's next step would otherwise be queued before any
   * socket is read again: eight searches would hold every other request until
   * the last of them ended.
   */
  betweenSteps: () => Promise<void>;
};

function searchTimeoutError(ms: number, cause?: unknown): Error {
  return Object.assign(new Error(`The search took longer than ${ms} ms.`, { cause }), { code: SEARCH_TIMEOUT, timeoutMs: ms });
}

/** How long the search that failed with `error` was allowed, or undefined when it is not a search's timeout. */
export function searchTimeoutOf(error: unknown): number | undefined {
  const found = error as { code?: unknown; timeoutMs?: unknown } | null;
  return found?.code === SEARCH_TIMEOUT && typeof found.timeoutMs === 'number' ? found.timeoutMs : undefined;
}

// The server's own statement_timeout; a cancel sent by deadline.ts says "user request" instead.
const isStatementTimeout = (error: unknown): boolean => {
  for (let cause = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === '57014' && /statement timeout/.test(String(cause.message))) return true;
  }
  return false;
};

/** Whether the handle is the postgres driver's (its client sends raw SQL); PGlite's is not. */
const isPostgres = (database: Database) => typeof (database as unknown as { $client?: { unsafe?: unknown } }).$client?.unsafe === 'function';

/** Runs the search `work` under the search deadline; past it, throws SEARCH_TIMEOUT. */
export async function withinSearchDeadline<Result>(
  database: Database,
  work: (database: Database, deadline: SearchDeadline) => Promise<Result>,
): Promise<Result> {
  const ms = config().PETSTORE_SEARCH_TIMEOUT_MS;
  const endsAt = performance.now() + ms;
  const check = () => {
    if (performance.now() > endsAt) throw searchTimeoutError(ms);
  };
  const betweenSteps = async () => {
    check();
    await new Promise<void>((resolve) => setImmediate(resolve));
    check();
  };
  if (!isPostgres(database)) return work(database, { isEnforcedByDatabase: false, betweenSteps });
  try {
    return await database.transaction(async (transaction) => {
      await transaction.execute(sql`select set_config('statement_timeout', ${String(ms)}, true)`);
      return work(transaction as unknown as Database, { isEnforcedByDatabase: true, betweenSteps });
    });
  } catch (error) {
    throw isStatementTimeout(error) ? searchTimeoutError(ms, error) : error;
  }
}
