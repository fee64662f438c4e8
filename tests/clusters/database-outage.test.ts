// Database outage: a steady write load while the test's own PostgreSQL cluster
// is stopped (pg_ctl stop -m fast, then -m immediate: a crash) and started
// again. While it is down every
// request gets a prompt 503 service_unavailable with Retry-After; afterwards the
// service recovers by itself; no acknowledged pet is lost and no refused one is
// stored.
import { like } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabaseTimeout } from '@/lib/db/deadline';
import { openPostgresPool } from '@/lib/db/postgres-pool';
import { pets } from '@/lib/db/schema';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { createCluster, postgresBinaries, type Cluster } from '../support/cluster';
import { countBy, runCreateLoops, sleep, storedPetNames } from '../support/load';
import { expectDiscreetOutageLog } from '../support/outage-log';
import { startServer, type TestServer } from '../support/server';

const LOOPS = 6;
const PAUSE_MS = 20;
const DOWN_MS = 3_000;
// No request may take longer than this, outage or not (connect_timeout is 3 s, the driver's back-off at most 0.5 s).
const MAX_LATENCY_MS = 6_000;
const MAX_RECOVERY_MS = 5_000;
// One line per kind of failure, then one summary per 10 s (an outage once wrote 346 warnings).
const MAX_OUTAGE_WARNINGS = 20;

const binaries = postgresBinaries();
if (!binaries) console.warn('database outage test skipped: PostgreSQL server binaries (initdb, pg_ctl) are not installed');

describe.skipIf(inject('database') !== 'postgres' || !binaries)('database outage (own PostgreSQL cluster)', () => {
  let cluster: Cluster;
  let server: TestServer;

  beforeAll(async () => {
    cluster = await createCluster();
    server = await startServer({ database: 'postgres', databaseUrl: cluster.url });
  });

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  // fast: a clean shutdown (sessions terminated, checkpoint); immediate: a crash, recovered from the WAL at start.
  it.each(['fast', 'immediate'] as const)(
    'answers 503 promptly through a %s stop, recovers by itself, and loses no acknowledged pet',
    async (mode) => {
      const prefix = `outage-${mode}-${Date.now()}`;
      const logStart = server.logs().length;
      let stopping = false;
      const load = runCreateLoops({
        baseUrls: [server.baseUrl],
        apiKey: server.apiKey,
        loops: LOOPS,
        prefix,
        pauseMs: PAUSE_MS,
        shouldStop: () => stopping,
      });
      const timeline = { stopIssuedAt: 0, stoppedAt: 0, startIssuedAt: 0, backAt: 0, firstCreatedAfterOutageAt: 0 };
      const firstCreatedAfterStop = () =>
        load.attempts.filter((attempt) => attempt.status === 201 && attempt.sentAt > timeline.stoppedAt).sort((a, b) => a.answeredAt - b.answeredAt)[0];
      try {
        await sleep(1_500);
        timeline.stopIssuedAt = performance.now();
        await cluster.stop(mode);
        timeline.stoppedAt = performance.now();
        await sleep(DOWN_MS);
        timeline.startIssuedAt = performance.now();
        await cluster.start();
        timeline.backAt = performance.now();
        // Keep the load on until the first create after the restart succeeds (or the bound passes), then a little longer.
        while (performance.now() - timeline.backAt < MAX_RECOVERY_MS + 2_000) {
          await sleep(50);
          if (firstCreatedAfterStop()) break;
        }
        await sleep(1_000);
      } finally {
        stopping = true;
      }
      const attempts = await load.done;
      const firstCreated = firstCreatedAfterStop();
      timeline.firstCreatedAfterOutageAt = firstCreated?.answeredAt ?? Number.NaN;

      const stored = await storedPetNames(cluster.url, prefix);
      const acknowledged = attempts.filter((attempt) => attempt.status === 201);
      const lost = acknowledged.filter((attempt) => !stored.has(attempt.name));
      const unacknowledgedButStored = attempts.filter((attempt) => attempt.status !== 201 && stored.has(attempt.name));
      const slowest = Math.max(...attempts.map((attempt) => attempt.answeredAt - attempt.sentAt));
      const unavailable = attempts.filter((attempt) => attempt.status === 503);
      // The log of the outage: discreet (no names sent, no key material, no SQL, no stack) and short.
      const log = expectDiscreetOutageLog(server.logs().slice(logStart), { namePrefix: prefix, apiKey: server.apiKey });
      const figures = {
        stop: mode,
        requests: attempts.length,
        byStatus: countBy(attempts, (attempt) => String(attempt.status ?? attempt.error)),
        acknowledged: acknowledged.length,
        storedWithPrefix: stored.size,
        lost: lost.length,
        unacknowledgedButStored: unacknowledgedButStored.length,
        slowestMs: Math.round(slowest),
        databaseDownMs: Math.round(timeline.backAt - timeline.stopIssuedAt),
        firstUnavailableAfterStopMs: Math.round(Math.min(...unavailable.map((a) => a.answeredAt)) - timeline.stopIssuedAt),
        recoveryMs: Math.round(Math.max(0, timeline.firstCreatedAfterOutageAt - timeline.backAt)),
        logLines: log.lines,
        logWarnings: log.warnings,
        logWarningsByKind: log.warningReasons,
      };
      console.log(`database outage figures: ${JSON.stringify(figures)}`);
      if (process.env.DEBUG_FAULTS) {
        const t0 = timeline.stopIssuedAt;
        console.log(JSON.stringify(Object.fromEntries(Object.entries(timeline).map(([k, v]) => [k, Math.round(v - t0)]))));
        for (const a of [...attempts].sort((x, y) => x.sentAt - y.sentAt))
          console.log(a.name, Math.round(a.sentAt - t0), Math.round(a.answeredAt - t0), a.status ?? a.error);
      }

      // Every request was answered (the app stayed up), with 201 or a proper 503, never after a hang.
      expect(attempts.filter((attempt) => attempt.status === undefined)).toEqual([]);
      expect(new Set(attempts.map((attempt) => attempt.status))).toEqual(new Set([201, 503]));
      for (const attempt of unavailable) {
        expect(attempt.code).toBe('service_unavailable');
        expect(attempt.retryAfter).toMatch(/^\d+$/);
      }
      expect(slowest).toBeLessThan(MAX_LATENCY_MS);
      expect(server.logs()).not.toMatch(/uncaughtException|unhandled error/);
      expect(log.warnings).toBeLessThanOrEqual(MAX_OUTAGE_WARNINGS);
      // Recovery by itself, measured from the moment the database accepts connections again.
      expect(firstCreated).toBeDefined();
      expect(figures.recoveryMs).toBeLessThanOrEqual(MAX_RECOVERY_MS);
      // Acknowledged means stored.
      expect(lost.map((attempt) => attempt.name)).toEqual([]);
      // Refused means not stored, except a create whose database connection was cut while its insert
      // was in flight (sent before the stop completed): the commit may have happened before the cut.
      for (const attempt of unacknowledgedButStored) {
        expect(attempt.status).toBe(503);
        expect(attempt.sentAt).toBeLessThan(timeline.stoppedAt);
      }
      expect(unacknowledgedButStored.length).toBeLessThanOrEqual(LOOPS);
    },
    90_000,
  );

  it('rolls back a transaction cut by the restart, reports it as unavailable, and the pool reconnects by itself', async () => {
    // The app's own pool, in-process, so the moment of the cut is under the test's control.
    const pool = openPostgresPool(cluster.url, 2, cluster.url, 'none');
    const database = drizzle(pool.client as unknown as postgres.Sql);
    const name = `cut-${Date.now()}`;
    try {
      await database.select({ id: pets.id }).from(pets).limit(1);
      let inserted!: () => void;
      const insertDone = new Promise<void>((resolve) => (inserted = resolve));
      // A deadline past the test's: the restart cuts it, not the deadline.
      const transaction = withDatabaseTimeout(60_000, () =>
        database.transaction(async (tx) => {
          await tx.insert(pets).values({ name, categoryId: 1 });
          inserted();
          await tx.execute('select pg_sleep(30)');
        }),
      );
      const outcome = transaction.then(
        () => 'committed',
        (error: unknown) => error,
      );
      await insertDone;
      await cluster.stop();
      const error = await outcome;
      expect(error).not.toBe('committed');
      expect(isDatabaseUnavailable(error)).toBe(true);

      // While down: a prompt refusal, not a wait.
      const downStarted = performance.now();
      const whileDown = await database
        .select({ id: pets.id })
        .from(pets)
        .limit(1)
        .catch((failure: unknown) => failure);
      expect(isDatabaseUnavailable(whileDown)).toBe(true);
      expect(performance.now() - downStarted).toBeLessThan(MAX_LATENCY_MS);

      await cluster.start();
      const backAt = performance.now();
      const rows = await database.select({ id: pets.id }).from(pets).where(like(pets.name, name));
      const reconnectMs = Math.round(performance.now() - backAt);
      expect(rows).toEqual([]);
      // Every connection of the pool works again, the one whose transaction was cut included.
      const roundsStarted = performance.now();
      for (let round = 0; round < 3; round++) {
        await Promise.all([1, 2, 3, 4].map(() => database.select({ id: pets.id }).from(pets).limit(1)));
      }
      const roundsMs = Math.round(performance.now() - roundsStarted);
      console.log(`cut transaction figures: ${JSON.stringify({ reconnectMs, roundsMs })}`);
      expect(roundsMs).toBeLessThan(2_000);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
