// Which driver errors mean "the database is unreachable" (503 service_unavailable)
// rather than a bug (500 internal_error): the codes the postgres driver and
// PostgreSQL give while a server is down, shutting down, starting or unreachable.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from '@/lib/db/errors';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    'ECONNREFUSED', // nothing listens: the server is stopped
    'ECONNRESET',
    'EHOSTUNREACH', // the database host is gone from the network
    'CONNECT_TIMEOUT', // connect_timeout passed
    'CONNECTION_CLOSED', // the connection dropped mid-query
    '57P01', // admin_shutdown: pg_ctl stop -m fast
    '57P02', // crash_shutdown
    '57P03', // cannot_connect_now: starting up or shutting down
    '57014', // query_canceled: a statement cancelled at its deadline (lib/db/deadline.ts)
    '08006', // connection_failure
    '08001', // sqlclient_unable_to_establish_sqlconnection
    'DATABASE_TIMEOUT', // a query or transaction passed its deadline (lib/db/deadline.ts)
    'DATABASE_NOT_ANSWERING', // a connection closed for its silence (lib/db/postgres-pool.ts)
  ])('treats %s as unavailable', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('looks through the query error drizzle wraps around the driver error', () => {
    const wrapped = Object.assign(new Error('Failed query: insert into "pets" ...'), { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it.each(['23505', '42P01', '22P02', 'ERR_INVALID_ARG_TYPE'])('treats %s as a bug, not an outage', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  it('treats an error without a code as a bug', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it.each([
    'STORAGE_FULL', // a write refused for want of space (lib/db/storage.ts)
    '53100', // disk_full: PostgreSQL or PGlite could not extend a file
    'ENOSPC',
  ])('treats %s as a full disk', (code) => {
    expect(isStorageFull(withCode(code))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('Failed query: insert into "pets" ...'), { cause: withCode(code) }))).toBe(true);
  });

  it.each(['57P01', '23505', 'ECONNREFUSED'])('does not take %s for a full disk', (code) => {
    expect(isStorageFull(withCode(code))).toBe(false);
  });
});
