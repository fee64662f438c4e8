// A read-only database (docs/RELIABILITY.md, "A read-only database"): what a
// failover to a replica, or `default_transaction_read_only = on`, does to a
// running instance. The test sets that on the instance's own database and ends
// its sessions, so that every new one is read-only. Writes answer 503 saying
// the database is read-only, reads go on (a key's first use included: the
// check's last_used_at write is skipped), and /readyz says so. Then the setting
// is undone and writes work again. On PostgreSQL and, in the pooler lane,
// through PgBouncer.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { sleep } from '../support/load';
import { ADMIN_URL, startServer, type TestServer } from '../support/server';

const SWITCH_BOUND_MS = 15_000;

describe.skipIf(inject('database') !== 'postgres')('a read-only database', () => {
  let server: TestServer;
  let admin: postgres.Sql;
  let databaseName: string;

  /** Sets default_transaction_read_only on the server's database, and ends its sessions so the next ones take it. */
  const setReadOnly = async (isReadOnly: boolean) => {
    await admin.unsafe(`alter database ${databaseName} set default_transaction_read_only = ${isReadOnly ? 'on' : 'off'}`);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${databaseName} and pid <> pg_backend_pid()`;
  };

  const readiness = async () => {
    const response = await fetch(new URL('/readyz', server.baseUrl));
    return { status: response.status, body: (await response.json()) as { database?: string } };
  };

  /** Polls /readyz until its database field says `state` (the pool's sessions are replaced as they are found dead). */
  const waitForDatabase = async (state: string) => {
    const started = performance.now();
    let last = await readiness();
    while (last.body.database !== state && performance.now() - started < SWITCH_BOUND_MS) {
      await sleep(200);
      last = await readiness();
    }
    return last;
  };

  beforeAll(async () => {
    server = await startServer({ database: 'postgres' });
    databaseName = new URL(server.databaseUrl!).pathname.slice(1);
    admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await server?.stop();
    await admin?.end();
  });

  it('refuses writes with a 503 that says why, serves reads, and /readyz says read-only', async () => {
    const opts = { baseUrl: server.baseUrl, key: server.apiKey };
    const pet = await api('POST', '/v1/pets', { ...opts, json: { name: 'Before the failover', categoryId: 1 } });
    expect(pet.status).toBe(201);
    // A key never used yet: its first request writes last_used_at.
    const fresh = await api('POST', '/v1/api-keys', { ...opts, json: { name: 'Reader', scope: 'read' } });
    expect(fresh.status).toBe(201);

    await setReadOnly(true);
    try {
      const ready = await waitForDatabase('read-only');
      expect(ready).toEqual({ status: 200, body: { status: 'ok', database: 'read-only' } });

      const list = await api('GET', '/v1/pets?limit=5', { baseUrl: server.baseUrl, key: fresh.body.key });
      expect(list.status).toBe(200);
      const read = await api('GET', `/v1/pets/${pet.body.id}`, opts);
      expect(read.status).toBe(200);

      const create = await api('POST', '/v1/pets', { ...opts, json: { name: 'After the failover', categoryId: 1 } });
      expect(create.status).toBe(503);
      expect(create.body.code).toBe('service_unavailable');
      expect(create.body.message).toMatch(/read-only/);
      expect(create.headers.get('retry-after')).not.toBeNull();
      const change = await api('PATCH', `/v1/pets/${pet.body.id}`, { ...opts, json: { name: 'Renamed' } });
      expect(change.status).toBe(503);
      expect(server.logs()).not.toMatch(/unhandled error/);
    } finally {
      await setReadOnly(false);
    }

    expect((await waitForDatabase('up')).status).toBe(200);
    const again = await api('POST', '/v1/pets', { ...opts, json: { name: 'After the switch back', categoryId: 1 } });
    expect(again.status).toBe(201);
  });
});
