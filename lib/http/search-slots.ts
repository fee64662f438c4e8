// How many searches (lib/domain/pets.ts, isSearch) one API key may have running on
// this instance at once: PETSTORE_SEARCHES_PER_KEY. One more is answered 429
// at once, before it reaches the database, so a client that fires a dozen slow
// searches holds a few of the pool's connections (PostgreSQL) or of the
// embedded database's turns (PGlite), and every other key is served beside
// them. Counted per process (lib/process-state.ts), as the change feed's
// streams are: a fleet of N instances lets a key run N times as many.
import { config } from '../runtime/config';
import { processState } from '../process-state';
import type { Caller } from './auth';
import { ApiError } from './errors';

// Seconds a refused search is told to wait: a search ends within its deadline (2 s by default).
const REFUSED_RETRY_AFTER_S = 2;

const running = processState('searchesPerKey', () => new Map<number, number>());

/** Runs `search` in one of the caller's key's slots; with none free, 429 `rate_limited`. */
export async function inSearchSlot<Result>(caller: Caller, search: () => Promise<Result>): Promise<Result> {
  const max = config().PETSTORE_SEARCHES_PER_KEY;
  const count = running.get(caller.keyId) ?? 0;
  if (count >= max) {
    throw new ApiError(
      'rate_limited',
      `This API key already has ${max} searches running, the most one key may have at once (PETSTORE_SEARCHES_PER_KEY); wait for one to finish, or retry after ${REFUSED_RETRY_AFTER_S} s.`,
      { headers: { 'retry-after': String(REFUSED_RETRY_AFTER_S) } },
    );
  }
  running.set(caller.keyId, count + 1);
  try {
    return await search();
  } finally {
    const left = (running.get(caller.keyId) ?? 1) - 1;
    if (left === 0) running.delete(caller.keyId);
    else running.set(caller.keyId, left);
  }
}
