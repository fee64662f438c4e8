// The answer to an operation that failed: a refusal it threw (ApiError), a key that lost its
// rights while the request ran (401, 403), a database or photo store that cannot serve it
// now (503, each with its reason and when to retry), or a bug (500, logged with the request id).
import { isDatabaseReadOnly, isDatabaseUnavailable, isStorageFull, isTransactionConflict, lostKeyRights } from '../db/errors';
import { searchTimeoutOf } from '../db/search-deadline';
import { describeBug, failureReason, logFailure } from '../failure-log';
import { log } from '../runtime/log';
import { isPhotoStoreUnavailable } from '../domain/photo-store';
import { keyNoLongerValid } from './auth';
import { ApiError, errorResponse } from './errors';

type Route = { requestId: string; method: string; path: string };

// The database's failures a client can do something about, most specific first: what the
// log says, and the answer's message and Retry-After (seconds).
const DATABASE_FAILURES: { matches: (error: unknown) => boolean; logged: string; message: (error: unknown) => string; retryAfter: number }[] = [
  // First: its cause (a refused connection, say) would read as the database's.
  {
    matches: isPhotoStoreUnavailable,
    logged: 'photo store unavailable',
    message: () => 'The photo store (PHOTO_STORE_URL) is unavailable; retry shortly.',
    retryAfter: 5,
  },
  {
    matches: isStorageFull,
    logged: 'database storage full',
    message: () => "The database's disk is full: writes are refused until space is freed; retry later.",
    retryAfter: 30,
  },
  {
    matches: isDatabaseReadOnly,
    logged: 'database read-only',
    message: () => 'The database is read-only (a replica, or a failover under way): writes are refused, reads go on; retry later.',
    retryAfter: 30,
  },
  {
    matches: isTransactionConflict,
    logged: 'transaction conflict',
    message: () => 'This request collided with another change and was rolled back without effect; retry it.',
    retryAfter: 1,
  },
  {
    matches: (error) => searchTimeoutOf(error) !== undefined,
    logged: 'search past its deadline',
    message: (error) =>
      `This search took longer than ${searchTimeoutOf(error)} ms, the most a search may take, and was stopped: narrow it (a status or categoryId, or a longer name), or retry later.`,
    retryAfter: 5,
  },
  { matches: isDatabaseUnavailable, logged: 'database unavailable', message: () => 'The database is unavailable; retry shortly.', retryAfter: 2 },
];

// Never the error object in the log: lib/failure-log.ts says why.
export function failureResponse(error: unknown, route: Route): Response {
  if (error instanceof ApiError) return errorResponse(error);
  const lost = lostKeyRights(error);
  if (lost)
    return errorResponse(lost === 'revoked' ? keyNoLongerValid() : new ApiError('forbidden', 'This API key no longer has the rights this change needs.'));
  const known = DATABASE_FAILURES.find((failure) => failure.matches(error));
  if (known) {
    logFailure(`${known.logged}: answered 503`, failureReason(error), route);
    return errorResponse(new ApiError('service_unavailable', known.message(error), { headers: { 'retry-after': String(known.retryAfter) } }));
  }
  log.error({ ...route, error: describeBug(error) }, 'unhandled error');
  return errorResponse(new ApiError('internal_error', `Something went wrong on our side (request ${route.requestId}).`));
}
