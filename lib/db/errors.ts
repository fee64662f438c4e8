// Which database errors mean "the database is unreachable" (answered 503, and
// the service recovers by itself) rather than a bug (500).
import { DATABASE_TIMEOUT } from './deadline';
import { DATABASE_NOT_ANSWERING } from './hung-connections';

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
  DATABASE_NOT_ANSWERING, // a connection closed for its silence (hung-connections.ts)
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
