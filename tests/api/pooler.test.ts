// With TEST_DATABASE=pgbouncer: the suite's server really reaches PostgreSQL
// through PgBouncer (its clients show in PgBouncer's console), and its LISTEN
// connection goes straight to PostgreSQL (LISTEN needs a session). And the
// app's pool, set as the app sets it behind the pooler, gets an answer to a query
// with parameters sent while another query is in flight (docs/RELIABILITY.md,
// "A pool of 2 wedged through PgBouncer").
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { openPostgresPool } from '@/lib/db/postgres-pool';
import { api } from '../support/api';

const poolerPort = process.env.TEST_PGBOUNCER_PORT;

describe.runIf(poolerPort)('the API suite through PgBouncer (transaction pooling)', () => {
  it('sends its queries through the pooler and listens on a direct connection', async () => {
    expect((await api('GET', '/v1/pets?limit=1')).status).toBe(200);
    const databaseName = new URL(inject('databaseUrl')).pathname.slice(1);
    // The admin console speaks the simple query protocol only.
    const adminConsole = postgres(`postgres://postgres@127.0.0.1:${poolerPort}/pgbouncer`, { max: 1, fetch_types: false, onnotice: () => {} });
    const direct = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const clients = await adminConsole.unsafe('SHOW CLIENTS').simple();
      expect(clients.filter((client) => client.database === databaseName).length).toBeGreaterThan(0);
      const listeners = await direct`
        select count(*)::int as count from pg_stat_activity
        where datname = ${databaseName} and application_name = 'petstore listen'`;
      expect(listeners[0]!.count).toBeGreaterThan(0);
    } finally {
      await Promise.all([adminConsole.end(), direct.end()]);
    }
  });

  it('answers a query with parameters sent while another query is in flight on its connection', async () => {
    const pooled = new URL(inject('databaseUrl'));
    pooled.host = `127.0.0.1:${poolerPort}`;
    // The app's pool behind a transaction pooler (lib/db/postgres-pool.ts): unnamed statements only,
    // so a query with parameters is described first (Parse, Describe, Flush) and bound once the
    // description is back. One connection, so the second query of each pair waits for the first.
    const pool = openPostgresPool(pooled.toString(), 1, inject('databaseUrl'), 'transaction');
    const sql = pool.client;
    const unanswered = (ms: number) => new Promise<'unanswered'>((resolve) => setTimeout(resolve, ms, 'unanswered').unref());
    try {
      await sql.unsafe('select 1');
      for (let round = 0; round < 20; round++) {
        // Without parameters (the readiness check's `select 1`): one round trip, ending with Sync.
        const first = sql.unsafe('select pg_sleep(0.01)');
        const second = sql.unsafe('select $1::int as round', [round]);
        const answers = await Promise.race([Promise.all([first, second]), unanswered(5_000)]);
        // Sent behind the first on its connection (the driver's pipelining), PgBouncer took the first
        // query's ReadyForQuery for the end of the transaction and dropped the description: the
        // second waited forever.
        expect(answers, `round ${round}`).not.toBe('unanswered');
        expect([...(answers as unknown[][])[1]!]).toEqual([{ round }]);
      }
    } finally {
      await pool.end();
    }
  });
});
