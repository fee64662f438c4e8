// With TEST_DATABASE=pgbouncer: the suite's server really reaches PostgreSQL
// through PgBouncer (its clients show in PgBouncer's console), and its LISTEN
// connection goes straight to PostgreSQL (LISTEN needs a session).
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
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
});
