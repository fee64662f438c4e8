// A database restart under concurrent writes (docs/RELIABILITY.md, "A restarting
// database"): 10 writers POST /v1/pets, half with an Idempotency-Key each, while
// the test's own PostgreSQL cluster is stopped (fast, immediate, or smart and
// then fast) and started 3 s later; once straight to PostgreSQL, once through
// PgBouncer in transaction mode. Every answer is 201 or a 503 with Retry-After,
// never a 500 (the driver once failed a BEGIN queued during the reconnect with
// UNSAFE_TRANSACTION: docs/ARCHITECTURE.md, "The database driver"); a keyed writer retries its 503s with
// the same key and ends with exactly one row.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresPool } from '@/lib/db/postgres-pool';
import { startPgBouncer, type PgBouncer } from '../../scripts/fleet/pgbouncer';
import { createCluster, postgresBinaries, type Cluster } from '../support/cluster';
import { countBy, sleep } from '../support/load';
import { startServer, type TestServer } from '../support/server';

const KEYED_WRITERS = 5;
const UNKEYED_WRITERS = 5;
const LOAD_BEFORE_STOP_MS = 2_000;
const DOWN_MS = 3_000;
const LOAD_AFTER_START_MS = 3_000;
// A keyed writer retries a pet's key until it is created, for at most this long.
const KEYED_RETRY_BOUND_MS = 20_000;

type Answer = { status?: number; code?: string; retryAfter: string | null; id?: number; error?: string };
type KeyedPet = { name: string; answers: Answer[] };

async function createPet(baseUrl: string, apiKey: string, name: string, idempotencyKey?: string): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify({ name, categoryId: 1 }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: number; code?: string };
    return { status: response.status, code: body.code, retryAfter: response.headers.get('retry-after'), id: body.id };
  } catch (error) {
    return { retryAfter: null, error: (error as Error).name };
  }
}

const binaries = postgresBinaries();
if (!binaries) console.warn('database restart test skipped: PostgreSQL server binaries (initdb, pg_ctl) are not installed');

describe.skipIf(inject('database') !== 'postgres' || !binaries)('database restart under concurrent writes (own cluster)', () => {
  let cluster: Cluster;
  let pgbouncer: PgBouncer;
  const servers: Partial<Record<'postgres' | 'pgbouncer', TestServer>> = {};
  let sql: postgres.Sql;

  beforeAll(async () => {
    cluster = await createCluster();
    pgbouncer = await startPgBouncer({ postgresHost: '127.0.0.1', postgresPort: cluster.port });
    servers.postgres = await startServer({ database: 'postgres', databaseUrl: cluster.url });
    servers.pgbouncer = await startServer({
      database: 'postgres',
      databaseUrl: cluster.url,
      env: { DATABASE_URL: pgbouncer.urlFor('postgres'), DATABASE_DIRECT_URL: cluster.url, DATABASE_POOLER: 'transaction' },
    });
    sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await servers.postgres?.stop();
    await servers.pgbouncer?.stop();
    await pgbouncer?.destroy();
    await cluster?.destroy();
  });

  it.each([
    ['postgres', 'fast'],
    ['postgres', 'immediate'],
    ['postgres', 'smart'],
    ['pgbouncer', 'fast'],
    ['pgbouncer', 'immediate'],
    ['pgbouncer', 'smart'],
  ] as const)(
    'through %s, a %s restart: 503 with Retry-After or 201, never 500; one row per Idempotency-Key',
    async (via, mode) => {
      const server = servers[via]!;
      const prefix = `restart-${via}-${mode}-${randomUUID().slice(0, 8)}`;
      const logStart = server.logs().length;
      let isLoadOn = true;
      const unkeyed: Answer[] = [];
      const keyed: KeyedPet[] = [];

      const unkeyedWriter = async (writer: number) => {
        for (let n = 0; isLoadOn; n++) unkeyed.push(await createPet(server.baseUrl, server.apiKey, `${prefix}-u${writer}-${n}`));
      };
      // One key per pet, retried (same key, same body) until created: what a client that retries its 503s does.
      const keyedWriter = async (writer: number) => {
        for (let n = 0; isLoadOn; n++) {
          const pet: KeyedPet = { name: `${prefix}-k${writer}-${n}`, answers: [] };
          keyed.push(pet);
          const key = randomUUID();
          const started = performance.now();
          while (performance.now() - started < KEYED_RETRY_BOUND_MS) {
            const answer = await createPet(server.baseUrl, server.apiKey, pet.name, key);
            pet.answers.push(answer);
            if (answer.status === 201 || answer.status === 500) break;
            await sleep(100);
          }
        }
      };
      const load = Promise.all([
        ...Array.from({ length: UNKEYED_WRITERS }, (_, writer) => unkeyedWriter(writer)),
        ...Array.from({ length: KEYED_WRITERS }, (_, writer) => keyedWriter(writer)),
      ]);
      try {
        await sleep(LOAD_BEFORE_STOP_MS);
        await cluster.stop(mode);
        if (mode === 'smart') {
          // Open sessions go on; new connections are refused ("the database system is shutting down").
          await sleep(DOWN_MS);
          await cluster.stop('fast');
        }
        await sleep(DOWN_MS);
        await cluster.start();
        await sleep(LOAD_AFTER_START_MS);
      } finally {
        isLoadOn = false;
        await load;
      }

      const answers = [...unkeyed, ...keyed.flatMap((pet) => pet.answers)];
      const rows = await sql<{ name: string; count: number }[]>`
      select name, count(*)::int as count from pets where name like ${`${prefix}-k%`} group by name`;
      const rowsByName = new Map(rows.map((row) => [row.name, row.count]));
      const keyedFigures = keyed.map((pet) => ({ name: pet.name, rows: rowsByName.get(pet.name) ?? 0, last: pet.answers.at(-1) }));
      const log = server.logs().slice(logStart);
      const figures = {
        via,
        mode,
        requests: answers.length,
        byStatus: countBy(answers, (answer) => String(answer.status ?? answer.error)),
        keyedPets: keyed.length,
        keyedRetried: keyed.filter((pet) => pet.answers.length > 1).length,
        keyedRowsOtherThanOne: keyedFigures.filter((pet) => pet.rows !== 1).length,
        unsafeTransactionInLog: (log.match(/UNSAFE_TRANSACTION/g) ?? []).length,
      };
      console.log(`database restart figures: ${JSON.stringify(figures)}`);

      // Every request got an answer, and every failure was a 503 a client can retry.
      expect(answers.filter((answer) => answer.status === undefined)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 500)).toEqual([]);
      expect(answers.filter((answer) => ![201, 503, 409].includes(answer.status!))).toEqual([]);
      for (const answer of answers.filter((each) => each.status === 503)) {
        expect(answer.code).toBe('service_unavailable');
        expect(answer.retryAfter).toMatch(/^\d+$/);
      }
      // The unkeyed: a 409 needs a key.
      expect(unkeyed.filter((answer) => answer.status === 409)).toEqual([]);
      expect(log).not.toMatch(/UNSAFE_TRANSACTION|unhandled error|uncaughtException/);
      // Each keyed pet: retried until created, and created once however many times it was sent.
      expect(keyedFigures.filter((pet) => pet.last?.status !== 201 || pet.rows !== 1)).toEqual([]);
      expect(keyed.length).toBeGreaterThan(KEYED_WRITERS);
      // The load went through the outage: some requests were refused, and creates worked again after it.
      expect(figures.byStatus['503']).toBeGreaterThan(0);
    },
    120_000,
  );

  it("a saturated pool never fails a transaction with UNSAFE_TRANSACTION (the app's pool, in-process)", async () => {
    // What a restart does to the pool, without one: more callers than connections, single queries and transactions mixed.
    const pool = openPostgresPool(cluster.url, 4, cluster.url, 'none');
    const client = pool.client;
    const failures: Record<string, number> = {};
    let done = 0;
    try {
      await Promise.all(
        Array.from({ length: 12 }, async (_, caller) => {
          for (let n = 0; n < 100; n++) {
            try {
              if ((n + caller) % 2) await client.unsafe('select pg_sleep(0.001)');
              else await client.begin(async (transaction) => [await transaction.unsafe('select 1'), await transaction.unsafe('select 2')]);
              done++;
            } catch (error) {
              const code = String((error as { code?: unknown }).code);
              failures[code] = (failures[code] ?? 0) + 1;
            }
          }
        }),
      );
      // No connection was left inside a transaction a BEGIN opened behind another query.
      const open = await client.unsafe("select count(*)::int as count from pg_stat_activity where state like 'idle in transaction%'");
      console.log(`saturated pool figures: ${JSON.stringify({ done, failures, idleInTransaction: open[0]!.count })}`);
      expect(failures).toEqual({});
      expect(done).toBe(1_200);
      expect(open[0]!.count).toBe(0);
    } finally {
      await pool.end();
    }
  }, 60_000);
  it("killed backends cost their own work only, and never hold one of the app's pool connections (in-process)", async () => {
    // The driver leaves a query sent after its socket errored unsettled; the pool counts it ended at the close.
    const pool = openPostgresPool(cluster.url, 4, cluster.url, 'none');
    const failures: Record<string, number> = {};
    let done = 0;
    let isRunning = true;
    const killer = (async () => {
      let killed = 0;
      while (isRunning) {
        await sleep(100 + Math.random() * 100);
        const [row] = await sql<{ killed: number }[]>`
          select count(*) filter (where pg_terminate_backend(pid))::int as killed from (
            select pid from pg_stat_activity
            where backend_type = 'client backend' and pid <> pg_backend_pid() and application_name like 'petstore %'
              and state in ('active', 'idle in transaction')
              -- Not a connection fetching its array types: cut then, the driver leaves that query's
              -- rejection unhandled (its own defect, ARCHITECTURE.md; the server logs it).
              and query not like '%pg_catalog.pg_type%'
            order by random() limit 1) as victim`;
        killed += row!.killed;
      }
      return killed;
    })();
    try {
      const endsAt = performance.now() + 6_000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < endsAt) {
            try {
              await pool.client.begin(async (transaction) => [await transaction.unsafe('select pg_sleep(0.005)'), await transaction.unsafe('select 2')]);
              done++;
            } catch (error) {
              const code = String((error as { code?: unknown }).code);
              failures[code] = (failures[code] ?? 0) + 1;
            }
          }
        }),
      );
      isRunning = false;
      const killed = await killer;
      const afterwards = pool.use();
      console.log(`killed backends figures: ${JSON.stringify({ done, killed, failures, afterwards })}`);
      // Each kill fails the work it cut (and at most that): no deadline passed for want of a connection.
      expect(failures.DATABASE_TIMEOUT ?? 0).toBe(0);
      expect(Object.values(failures).reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(killed);
      expect(afterwards).toEqual({ inUse: 0, waiting: 0, size: 4 });
      expect(done).toBeGreaterThan(100);
    } finally {
      isRunning = false;
      await pool.end();
    }
  }, 60_000);
});
