// One set of per-process state (DESIGN.md, "The production path for /v1"): the
// production server loads the app's modules twice, in Next's bundle (pages,
// /readyz, /api/auth) and in the /v1 bundle, and both must share one database
// pool and one LISTEN connection for the API key cache (lib/process-state.ts).
// Two copies would show in PostgreSQL as twice the pool's connections and two
// listeners.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_URL, createTestDatabase, startServer, type TestServer } from '../support/server';

const POOL_SIZE = 2;

describe.skipIf(inject('database') !== 'postgres')('per-process state under both bundles', () => {
  let database: { url: string; drop: () => Promise<void> };
  let server: TestServer;
  let admin: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ database: 'postgres', databaseUrl: database.url, env: { DATABASE_POOL_SIZE: String(POOL_SIZE) } });
    admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await admin?.end();
    await server?.stop();
    await database?.drop();
  });

  it('opens one pool and one LISTEN connection, whichever bundle asks', async () => {
    const authorization = `Bearer ${server.apiKey}`;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(server.baseUrl + path, { headers, redirect: 'manual' }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    // Many at once through both bundles, so that each would fill a pool of its own.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => [
        get(`/v1/pets?limit=${index + 1}`, { authorization }),
        get('/readyz'),
        get('/signin'),
        get('/api/auth/session'),
      ]).flat(),
    );
    // A pool of 2 under this burst may pass its query deadline on a busy machine
    // (503, lib/db/deadline.ts): that says nothing of how many pools there are.
    // Anything else of 5xx is a failure.
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    // The LISTEN connection comes up asynchronously after the first keyed request.
    const deadline = Date.now() + 5_000;
    let rows: { application_name: string; count: number }[] = [];
    for (;;) {
      rows = await admin<{ application_name: string; count: number }[]>`
        select application_name, count(*)::int as count from pg_stat_activity
        where datname = ${new URL(database.url).pathname.slice(1)} group by application_name`;
      if (rows.some((row) => row.application_name.startsWith('petstore listen')) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const listeners = rows.filter((row) => row.application_name.startsWith('petstore listen'));
    const pooled = rows.filter((row) => !row.application_name.startsWith('petstore listen'));
    expect(listeners).toEqual([{ application_name: 'petstore listen', count: 1 }]);
    expect(pooled.reduce((sum, row) => sum + row.count, 0)).toBeLessThanOrEqual(POOL_SIZE);
  });
});
