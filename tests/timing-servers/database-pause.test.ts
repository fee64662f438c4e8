// A paused database: the test's own PostgreSQL cluster is SIGSTOPped for 15 s
// (the postmaster only: new connections hang; or the postmaster and every
// backend: open connections hang too, which is what a network partition looks
// like to the app), then SIGCONTed. Nothing may hang: /v1 answers 503
// service_unavailable with Retry-After within 5 s, /readyz answers 503 within
// 2 s, a burst bigger than the pool gets its 503s in time too, and both recover
// by themselves once the database runs again. A partition that never gives the
// open connections back (a proxy freezes them for good, new ones pass) is
// survived too: connections that stopped answering are replaced.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCluster, postgresBinaries, type Cluster } from '../support/cluster';
import { startFaultProxy } from '../support/fault-proxy';
import { countBy, createPetAttempt, runCreateLoops, sleep, storedPetNames, type Attempt } from '../support/load';
import { expectDiscreetOutageLog } from '../support/outage-log';
import { startServer, type TestServer } from '../support/server';

const PAUSE_MS = 15_000;
const LOOPS = 4;
// More concurrent creates than the pool has connections (DATABASE_POOL_SIZE, 10 by default).
const BURST = 30;
const V1_BOUND_MS = 5_000;
const READYZ_BOUND_MS = 2_000;
const RECOVERY_BOUND_MS = 5_000;
// A frozen connection is closed 2 s past its deadline (lib/db/postgres-pool.ts); then a new one serves.
const PARTITION_RECOVERY_BOUND_MS = 12_000;
// One line per kind of failure, then one summary per 10 s.
const MAX_OUTAGE_WARNINGS = 20;

type Probe = { sentAt: number; answeredAt: number; status?: number; error?: string };

const binaries = postgresBinaries();
if (!binaries) console.warn('database pause test skipped: PostgreSQL server binaries (initdb, pg_ctl) are not installed');

async function probeReadiness(baseUrl: string): Promise<Probe> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return { sentAt, answeredAt: performance.now(), status: response.status };
  } catch (error) {
    return { sentAt, answeredAt: performance.now(), error: (error as Error).name };
  }
}

describe.skipIf(inject('database') !== 'postgres' || !binaries)('paused database (own PostgreSQL cluster, SIGSTOP)', () => {
  let cluster: Cluster;
  let server: TestServer;

  beforeAll(async () => {
    cluster = await createCluster();
    server = await startServer({ database: 'postgres', databaseUrl: cluster.url });
  });

  afterAll(async () => {
    cluster?.resume();
    await server?.stop();
    await cluster?.destroy();
  });

  it.each([
    ['the postmaster and its backends (a partition)', true],
    ['the postmaster only', false],
  ] as const)(
    'pausing %s hangs nothing and recovers by itself',
    async (_case, backends) => {
      const prefix = `pause-${backends ? 'all' : 'postmaster'}-${Date.now()}`;
      // Warm: the pool has open connections and the key is known before the pause.
      for (let n = 0; n < 3; n++) expect((await createPetAttempt(server.baseUrl, server.apiKey, `${prefix}-warm-${n}`)).status).toBe(201);

      const logStart = server.logs().length;
      let stopping = false;
      const load = runCreateLoops({ baseUrls: [server.baseUrl], apiKey: server.apiKey, loops: LOOPS, prefix, pauseMs: 50, shouldStop: () => stopping });
      const readiness: Probe[] = [];
      const readinessLoop = (async () => {
        while (!stopping) {
          readiness.push(await probeReadiness(server.baseUrl));
          await sleep(200);
        }
      })();

      await sleep(500);
      const pausedAt = performance.now();
      cluster.pause({ backends });
      let burst: Attempt[] = [];
      let resumedAt = 0;
      try {
        await sleep(1_000);
        burst = await Promise.all(Array.from({ length: BURST }, (_, n) => createPetAttempt(server.baseUrl, server.apiKey, `${prefix}-burst-${n}`)));
        await sleep(Math.max(0, PAUSE_MS - (performance.now() - pausedAt)));
      } finally {
        cluster.resume();
        resumedAt = performance.now();
      }
      const recovered = () =>
        load.attempts.some((attempt) => attempt.status === 201 && attempt.sentAt > resumedAt) &&
        readiness.some((probe) => probe.status === 200 && probe.sentAt > resumedAt);
      while (!recovered() && performance.now() - resumedAt < RECOVERY_BOUND_MS + 5_000) await sleep(50);
      await sleep(500);
      stopping = true;
      const attempts = [...(await load.done), ...burst];
      await readinessLoop;

      const duringPause = attempts.filter((attempt) => attempt.sentAt >= pausedAt && attempt.sentAt < resumedAt);
      const readinessDuringPause = readiness.filter((probe) => probe.sentAt >= pausedAt && probe.sentAt < resumedAt);
      const firstAfter = <T extends { sentAt: number; answeredAt: number; status?: number }>(items: T[], status: number, after: number) =>
        items.filter((item) => item.status === status && item.sentAt >= after).sort((a, b) => a.answeredAt - b.answeredAt)[0];
      const first503 = firstAfter(attempts, 503, pausedAt);
      const firstReady503 = firstAfter(readiness, 503, pausedAt);
      const stored = await storedPetNames(cluster.url, prefix);
      const log = expectDiscreetOutageLog(server.logs().slice(logStart), { namePrefix: prefix, apiKey: server.apiKey });
      const slowest = (items: { sentAt: number; answeredAt: number }[]) => Math.round(Math.max(0, ...items.map((item) => item.answeredAt - item.sentAt)));
      const figures = {
        paused: backends ? 'postmaster and backends' : 'postmaster',
        pauseMs: Math.round(resumedAt - pausedAt),
        v1Requests: attempts.length,
        v1ByStatus: countBy(attempts, (attempt) => String(attempt.status ?? attempt.error)),
        v1SlowestMs: slowest(attempts),
        burst: countBy(burst, (attempt) => String(attempt.status ?? attempt.error)),
        burstSlowestMs: slowest(burst),
        v1First503AfterPauseMs: first503 ? Math.round(first503.answeredAt - pausedAt) : null,
        readyzProbes: readiness.length,
        readyzByStatus: countBy(readiness, (probe) => String(probe.status ?? probe.error)),
        readyzSlowestMs: slowest(readiness),
        readyzFirst503AfterPauseMs: firstReady503 ? Math.round(firstReady503.answeredAt - pausedAt) : null,
        v1RecoveryMs: Math.round((firstAfter(attempts, 201, resumedAt)?.answeredAt ?? Number.NaN) - resumedAt),
        readyzRecoveryMs: Math.round((firstAfter(readiness, 200, resumedAt)?.answeredAt ?? Number.NaN) - resumedAt),
        storedThoughRefused: attempts.filter((attempt) => attempt.status !== 201 && stored.has(attempt.name)).length,
        logLines: log.lines,
        logWarnings: log.warnings,
        logWarningsByKind: log.warningReasons,
      };
      console.log(`database pause figures: ${JSON.stringify(figures)}`);

      // Nothing hung, nothing but a create or a proper 503.
      expect(attempts.filter((attempt) => attempt.status === undefined)).toEqual([]);
      expect(figures.v1SlowestMs).toBeLessThan(V1_BOUND_MS);
      expect(readiness.filter((probe) => probe.status === undefined)).toEqual([]);
      expect(figures.readyzSlowestMs).toBeLessThan(READYZ_BOUND_MS);
      for (const attempt of attempts) {
        expect([201, 503]).toContain(attempt.status);
        if (attempt.status === 503) {
          expect(attempt.code).toBe('service_unavailable');
          expect(attempt.retryAfter).toMatch(/^\d+$/);
        }
      }
      for (const probe of readiness) expect([200, 503]).toContain(probe.status);
      if (backends) {
        // Nothing can answer while every process of the database is stopped.
        expect(duringPause.filter((attempt) => attempt.status === 201 && attempt.answeredAt < resumedAt)).toEqual([]);
        expect(duringPause.length).toBeGreaterThan(0);
        expect(readinessDuringPause.filter((probe) => probe.answeredAt < resumedAt).every((probe) => probe.status === 503)).toBe(true);
        expect(figures.burst).toEqual({ 503: BURST });
      }
      // Acknowledged means stored.
      expect(attempts.filter((attempt) => attempt.status === 201 && !stored.has(attempt.name)).map((attempt) => attempt.name)).toEqual([]);
      // Recovery by itself.
      expect(figures.v1RecoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
      expect(figures.readyzRecoveryMs).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
      expect(server.logs()).not.toMatch(/uncaughtException|unhandled error/);
      expect(log.warnings).toBeLessThanOrEqual(MAX_OUTAGE_WARNINGS);
    },
    90_000,
  );

  it('replaces the connections a partition froze for good, and /v1 recovers without a restart', async () => {
    const proxy = await startFaultProxy({ host: '127.0.0.1', port: cluster.port });
    const partitioned = await startServer({ database: 'postgres', databaseUrl: proxy.urlFor(cluster.url), env: { PETSTORE_BOOTSTRAP_API_KEY: server.apiKey } });
    try {
      const prefix = `partition-${Date.now()}`;
      // Open several pool connections, then freeze every open connection: nothing passes on them, nothing closes them.
      await Promise.all(Array.from({ length: 8 }, (_, n) => createPetAttempt(partitioned.baseUrl, partitioned.apiKey, `${prefix}-warm-${n}`)));
      const frozenAt = performance.now();
      proxy.partition();
      let stopping = false;
      const load = runCreateLoops({
        baseUrls: [partitioned.baseUrl],
        apiKey: partitioned.apiKey,
        loops: LOOPS,
        prefix,
        pauseMs: 50,
        shouldStop: () => stopping,
      });
      const created = () => load.attempts.find((attempt) => attempt.status === 201);
      while (!created() && performance.now() - frozenAt < PARTITION_RECOVERY_BOUND_MS + 5_000) await sleep(100);
      await sleep(500);
      stopping = true;
      const attempts = await load.done;
      const firstCreated = created();
      const figures = {
        requests: attempts.length,
        byStatus: countBy(attempts, (attempt) => String(attempt.status ?? attempt.error)),
        slowestMs: Math.round(Math.max(...attempts.map((attempt) => attempt.answeredAt - attempt.sentAt))),
        recoveryMs: firstCreated ? Math.round(firstCreated.answeredAt - frozenAt) : null,
      };
      console.log(`frozen connections figures: ${JSON.stringify(figures)}`);
      expect(attempts.filter((attempt) => attempt.status === undefined)).toEqual([]);
      expect(figures.slowestMs).toBeLessThan(V1_BOUND_MS);
      expect(firstCreated).toBeDefined();
      expect(figures.recoveryMs).toBeLessThanOrEqual(PARTITION_RECOVERY_BOUND_MS);
    } finally {
      await partitioned.stop();
      await proxy.close();
    }
  }, 90_000);
});
