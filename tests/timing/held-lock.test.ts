// A lock held elsewhere (docs/RELIABILITY.md, "A lock held elsewhere"): another
// session holds one pet's row lock (begin; select … for update; and waits), or
// the whole table's (an ALTER TABLE that takes its time), while that pet is
// PATCHed 4 times a second. Each PATCH gets its 503 at the 3 s deadline
// (lib/db/deadline.ts), and its statement is cancelled on the server then, so
// the backends waiting on the lock never outnumber the app's pool; another
// instance on the same database keeps serving. On PostgreSQL and, in the
// pooler lane, through PgBouncer (the cancel goes through it).
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { countBy, sleep } from '../support/load';
import { startServer, type TestServer } from '../support/server';

// DATABASE_POOL_SIZE's default (lib/runtime/config.ts): the suite's server runs with it.
const POOL_SIZE = 10;
const HOLD_MS = 12_000;
const PATCHES_PER_SECOND = 4;
// The deadline is 3 s; a loaded machine adds a little.
const ANSWER_BOUND_MS = 5_000;

type Patch = { sentAt: number; ms: number; status: number; code?: string; retryAfter: string | null };

describe.skipIf(inject('database') !== 'postgres')('a lock held elsewhere', () => {
  let direct: postgres.Sql;
  let other: TestServer;
  let databaseName: string;

  beforeAll(async () => {
    databaseName = new URL(inject('databaseUrl')).pathname.slice(1);
    direct = postgres(inject('databaseUrl'), { max: 3, onnotice: () => {} });
    // A second instance on the same database (through the pooler in the pooler lane).
    other = await startServer({ database: 'postgres', databaseUrl: inject('databaseUrl') });
  });

  afterAll(async () => {
    await other?.stop();
    await direct?.end({ timeout: 1 });
  });

  // Backends waiting on a lock, per instance (each names its connections: lib/db/client.ts),
  // the most any one instance has: its pool is the bound, whatever else waits in the database.
  const waitingOnLocks = async () => {
    const rows = await direct<{ name: string; count: number }[]>`
      select application_name as name, count(*)::int as count from pg_stat_activity
      where datname = ${databaseName} and wait_event_type = 'Lock' group by application_name`;
    return rows.reduce((most, row) => (row.count > most.count ? row : most), { name: '', count: 0 });
  };

  const createPet = async (name: string) => {
    const response = await api('POST', '/v1/pets', { json: { name, categoryId: 1, status: 'available' } });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };

  it.each([
    ['a row lock (select … for update)', 'row'],
    ['an ALTER TABLE on pets', 'table'],
  ] as const)(
    '%s: every PATCH gets its 503 at the deadline, and the waiting backends stay within the pool',
    async (_, lock) => {
      const stamp = Date.now();
      const locked = await createPet(`held-${lock}-${stamp}`);
      const elsewhere = await createPet(`elsewhere-${lock}-${stamp}`);

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const isTaken = new Promise<void>((resolve) => (taken = resolve));
      const holder = direct
        .begin(async (transaction) => {
          if (lock === 'row') await transaction`select id from pets where id = ${locked} for update`;
          else await transaction`alter table pets add column held_lock_probe integer`;
          taken();
          await released;
          // Never keep the probe column: roll back.
          throw new Error('rolled back on purpose');
        })
        .catch(() => {});
      await isTaken;

      const patches: Promise<Patch>[] = [];
      const samples: { name: string; count: number }[] = [];
      const otherInstance: number[] = [];
      const started = performance.now();
      let n = 0;
      while (performance.now() - started < HOLD_MS) {
        const sentAt = performance.now() - started;
        const name = `patched-${n++}`;
        patches.push(
          api('PATCH', `/v1/pets/${locked}`, { json: { name } }).then((response) => ({
            sentAt,
            ms: performance.now() - started - sentAt,
            status: response.status,
            code: response.body?.code,
            retryAfter: response.headers.get('retry-after'),
          })),
        );
        samples.push(await waitingOnLocks());
        // The other instance serves on: a pet nobody locked (a row lock), or its readiness (the whole table locked).
        const probe = lock === 'row' ? `/v1/pets/${elsewhere}` : '/readyz';
        const answer = await fetch(`${other.baseUrl}${probe}`, { headers: { authorization: `Bearer ${other.apiKey}` }, signal: AbortSignal.timeout(10_000) });
        await answer.arrayBuffer();
        otherInstance.push(answer.status);
        await sleep(Math.max(0, n * (1_000 / PATCHES_PER_SECOND) - (performance.now() - started)));
      }
      const answers = await Promise.all(patches);
      const peak = samples.reduce((most, sample) => (sample.count > most.count ? sample : most));
      const peakWaiting = peak.count;
      release();
      await holder;

      // Once the lock is gone, nothing waits, and the pet can be changed again.
      let waitingAfter = (await waitingOnLocks()).count;
      for (let tries = 0; waitingAfter > 0 && tries < 20; tries++) {
        await sleep(250);
        waitingAfter = (await waitingOnLocks()).count;
      }
      // No PATCH that was answered 503 changed the pet later.
      const unchanged = await api('GET', `/v1/pets/${locked}`);
      const after = await api('PATCH', `/v1/pets/${locked}`, { json: { name: `after-${lock}` } });
      console.log(
        `held lock figures: ${JSON.stringify({
          lock,
          patches: answers.length,
          byStatus: countBy(answers, (answer) => String(answer.status)),
          slowestMs: Math.round(Math.max(...answers.map((answer) => answer.ms))),
          peakWaiting,
          peakInstance: peak.name,
          poolSize: POOL_SIZE,
          otherInstance: countBy(otherInstance, String),
          waitingAfter,
        })}`,
      );

      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 503, code: 'service_unavailable' });
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.ms).toBeLessThan(ANSWER_BOUND_MS);
      }
      expect(peakWaiting).toBeLessThanOrEqual(POOL_SIZE);
      // The waiters are the suite server's PATCHes, named as its pool names them (through PgBouncer too).
      expect(peak.name).toMatch(/^petstore \d+@/);
      expect(otherInstance.filter((status) => status !== 200)).toEqual([]);
      expect(waitingAfter).toBe(0);
      expect(unchanged.body.name).toBe(`held-${lock}-${stamp}`);
      expect(after.status).toBe(200);
    },
    60_000,
  );
});
