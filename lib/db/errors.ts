// Which database errors mean "the database is unreachable", "the change
// collided with another" or "the database takes no writes" (each answered 503
// with its own message: the service recovers by itself) rather than a bug (500).
import { DATABASE_TIMEOUT } from './deadline';
import { DATABASE_NOT_ANSWERING } from './postgres-pool';
import { STORAGE_FULL } from './storage';

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
  DATABASE_TIMEOUT, // a query or transaction passed its deadline (deadline.ts)
  DATABASE_NOT_ANSWERING, // a connection closed for its silence (postgres-pool.ts)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: a statement cancelled at its deadline (postgres-pool.ts), or hit by a cancel meant for the one before it
  '25P03', // idle_in_transaction_session_timeout: a transaction left idle past its deadline (postgres-pool.ts)
]);

// Errors of a disk that is full: answered 503 with a message that says so.
const STORAGE_FULL_CODES = new Set([
  STORAGE_FULL, // a write refused for want of space (storage.ts)
  '53100', // disk_full: a data file or the WAL could not grow
  'ENOSPC',
]);

/**
 * A change that `act_as` (drizzle/0018) refused, the acting key having lost its rights while
 * the request ran: 'revoked' (it grants nothing any more) or 'lacks-scope'.
 */
export function lostKeyRights(error: unknown): 'revoked' | 'lacks-scope' | undefined {
  if (hasCode(error, (code) => code === 'PS401')) return 'revoked';
  if (hasCode(error, (code) => code === 'PS403')) return 'lacks-scope';
  return undefined;
}

// A transaction that lost to another (a deadlock, a serialisation failure, a lock it waited
// too long for, as beside a migration: lib/db/migrate.ts): rolled back whole, so a retry is safe.
const CONFLICT_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '55P03', // lock_not_available (also a transaction's lock_timeout at its deadline: postgres-pool.ts)
]);

// A database that takes no writes: a replica after a failover, or default_transaction_read_only.
const READ_ONLY_CODES = new Set([
  '25006', // read_only_sql_transaction
]);

export function isTransactionConflict(error: unknown): boolean {
  return hasCode(error, (code) => CONFLICT_CODES.has(code));
}

export function isDatabaseReadOnly(error: unknown): boolean {
  return hasCode(error, (code) => READ_ONLY_CODES.has(code));
}

export function isStorageFull(error: unknown): boolean {
  return hasCode(error, (code) => STORAGE_FULL_CODES.has(code));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // SQLSTATE class 08: connection exceptions.
  return hasCode(error, (code) => UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code));
}

/** Whether the error, or one of its causes (drizzle wraps the driver's error), has a code `matches` takes. */
function hasCode(error: unknown, matches: (code: string) => boolean): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && matches(code)) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && hasCode(cause, matches);
}
