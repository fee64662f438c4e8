// The change feed under load (docs/RELIABILITY.md, "The change feed under
// load"): streams are capped per key (429) and per process (503), each with
// its reason; a reader that stalls costs a bounded queue and is sent a
// `resync` when it reads again; a burst of 10,000 notifications is fanned out
// without holding the event loop, and the server keeps its LISTEN.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiKey } from '@/lib/domain/api-keys';
import * as schema from '@/lib/db/schema';
import { openChangeStream, type ChangeStream } from '../support/change-stream';
import { startServer, type TestServer } from '../support/server';

const isPostgres = inject('database') === 'postgres';
const METRICS_TOKEN = 'change-feed-load-metrics';

/** The server's longest event-loop delay since the last scrape, in ms (prom-client's monitorEventLoopDelay, reset at each scrape). */
async function longestEventLoopDelay(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const value = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(await response.text())?.[1];
  return Number(value) * 1000;
}

// The probe's loop, in a process of its own: GET /healthz every 20 ms, each time (ms) on a
// line of its own, until its standard input closes.
const PROBE_LOOP = `
  let isProbing = true;
  process.stdin.on('end', () => (isProbing = false)).resume();
  (async () => {
    while (isProbing) {
      const started = performance.now();
      const response = await fetch(process.argv[1] + '/healthz');
      await response.arrayBuffer();
      console.log(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();`;

/** Probes `baseUrl` from another process until stopped; returns the probes' times. */
function probeFromAnotherProcess(baseUrl: string): { stop: () => Promise<number[]> } {
  const probe = spawn(process.execPath, ['-e', PROBE_LOOP, baseUrl], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  probe.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise((resolve) => probe.once('close', resolve));
  return {
    stop: async () => {
      probe.stdin.end();
      await exited;
      return output.split('\n').filter(Boolean).map(Number);
    },
  };
}

/** Sends `count` change notifications, 10,000 per transaction, the way a big transaction's triggers would. */
async function notifyChanges(sql: postgres.Sql, count: number, firstId = 1): Promise<void> {
  for (let from = firstId; from < firstId + count; from += 10_000) {
    const to = Math.min(from + 10_000, firstId + count) - 1;
    await sql`select count(pg_notify('petstore_changes', json_build_object('resource', 'pet', 'kind', 'updated', 'id', id)::text))
              from generate_series(${from}::int, ${to}::int) as id`;
  }
}

/** Waits until `stream` has a change with this id; fails with a summary (the events are too many to print). */
async function waitForChangeId(stream: ChangeStream, id: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const hasIt = () => stream.events.some((event) => event.event === 'change' && JSON.parse(event.data).id === id);
  while (!hasIt()) {
    if (Date.now() > deadline) {
      const changes = stream.events.filter((event) => event.event === 'change');
      const resyncs = stream.events.filter((event) => event.event === 'resync').length;
      throw new Error(`no change ${id} within ${timeoutMs} ms: ${changes.length} changes (last ${changes.at(-1)?.data}), ${resyncs} resyncs`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `stream` has received nothing new for `quietMs`. */
async function untilQuiet(stream: ChangeStream, quietMs: number): Promise<void> {
  for (let seen = -1; seen !== stream.events.length;) {
    seen = stream.events.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

async function listenBackend(sql: postgres.Sql): Promise<number | undefined> {
  const [row] = await sql<{ pid: number }[]>`select pid from pg_stat_activity where application_name = 'petstore listen' and datname = current_database()`;
  return row?.pid;
}

/** A stream whose client reads and discards everything. */
function drainedStream(baseUrl: string, key: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/v1/changes`, { headers: { authorization: `Bearer ${key}` } }, (response) => {
      expect(response.statusCode).toBe(200);
      response.resume();
      response.on('error', () => {});
      resolve(request);
    });
    request.on('error', reject);
  });
}

function rssMegabytes(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line![1]) / 1024;
}

/** A stream whose client never reads: the request is sent, and the socket paused at once. */
function stalledStream(baseUrl: string, key: string): Promise<{ socket: net.Socket; readAll: (ms: number) => Promise<string> }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET /v1/changes HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nAccept: text/event-stream\r\n\r\n`);
      socket.pause();
      resolve({
        socket,
        // Reads again for `ms`, and returns what came.
        readAll: (ms) =>
          new Promise((done) => {
            let text = '';
            socket.on('data', (chunk) => (text += chunk.toString('latin1')));
            socket.resume();
            setTimeout(() => done(text), ms);
          }),
      });
    });
    socket.on('error', reject);
  });
}

describe.runIf(isPostgres)('the change feed under load', () => {
  describe('caps', () => {
    let server: TestServer;
    let otherKey: string;
    const open: ChangeStream[] = [];

    beforeAll(async () => {
      server = await startServer({ database: 'postgres', env: { PETSTORE_CHANGE_STREAMS_PER_KEY: '2', PETSTORE_CHANGE_STREAMS_PER_PROCESS: '3' } });
      const sql = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
      otherKey = (await createApiKey(drizzle(sql, { schema }), { name: 'second reader', scopes: ['read'] })).secret;
      await sql.end();
    });

    afterAll(async () => {
      for (const stream of open) stream.close();
      await server?.stop();
    });

    const refusalOf = async (key: string) => {
      const response = await fetch(`${server.baseUrl}/v1/changes`, { headers: { authorization: `Bearer ${key}` } });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        type: response.headers.get('content-type'),
        body: await response.json(),
      };
    };

    it("refuses a key's stream past its cap with 429 and the reason, and the process's past its cap with 503", async () => {
      for (let index = 0; index < 2; index++) open.push(await openChangeStream({ baseUrl: server.baseUrl, key: server.apiKey }));
      const perKey = await refusalOf(server.apiKey);
      expect(perKey).toMatchObject({ status: 429, retryAfter: '5', body: { code: 'rate_limited', status: 429 } });
      expect(perKey.type).toMatch(/^application\/json/);
      expect(perKey.body.message).toMatch(/already has 2 change streams open.*PETSTORE_CHANGE_STREAMS_PER_KEY/);

      open.push(await openChangeStream({ baseUrl: server.baseUrl, key: otherKey }));
      const perProcess = await refusalOf(otherKey);
      expect(perProcess).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'service_unavailable', status: 503 } });
      expect(perProcess.body.message).toMatch(/already serves 3 change streams.*PETSTORE_CHANGE_STREAMS_PER_PROCESS/);
    });

    it('takes a new stream once one has closed', async () => {
      open.shift()!.close();
      const deadline = Date.now() + 5_000;
      let stream: ChangeStream | undefined;
      while (!stream) {
        const response = await fetch(`${server.baseUrl}/v1/changes`, { method: 'HEAD', headers: { authorization: `Bearer ${otherKey}` } });
        expect(response.status).toBe(200);
        try {
          stream = await openChangeStream({ baseUrl: server.baseUrl, key: otherKey });
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      open.push(stream);
      await stream.waitFor((event) => event.event === 'ready', 5_000);
    });
  });

  describe('a burst', () => {
    let server: TestServer;
    let sql: postgres.Sql;

    beforeAll(async () => {
      // A queue that holds the whole burst: the test's own reader (which checks every event) may lag behind the server.
      server = await startServer({
        database: 'postgres',
        env: { PETSTORE_CHANGE_STREAM_QUEUE: '20000', PETSTORE_CHANGE_STREAMS_PER_KEY: '100', PETSTORE_METRICS_TOKEN: METRICS_TOKEN },
      });
      sql = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
    });

    afterAll(async () => {
      await sql?.end();
      await server?.stop();
    });

    it('is delivered to 50 streams without holding the event loop, and the server keeps its LISTEN', async () => {
      const stream = await openChangeStream({ baseUrl: server.baseUrl, key: server.apiKey });
      // 49 more streams that read and discard: the fan-out is per stream.
      const others = await Promise.all(Array.from({ length: 49 }, () => drainedStream(server.baseUrl, server.apiKey)));
      try {
        await stream.waitFor((event) => event.event === 'ready', 5_000);
        const listener = await listenBackend(sql);
        const probing = probeFromAnotherProcess(server.baseUrl);
        let probes: number[] = [];
        await longestEventLoopDelay(server.baseUrl);
        try {
          await notifyChanges(sql, 10_000);
          await waitForChangeId(stream, 10_000, 30_000);
        } finally {
          probes = await probing.stop();
        }
        const delay = await longestEventLoopDelay(server.baseUrl);
        console.info(
          `burst of 10,000 to 50 streams: event-loop delay at most ${delay.toFixed(0)} ms; ${probes.length} probes, slowest ${Math.max(...probes).toFixed(0)} ms`,
        );
        // The fan-out yields every 5 ms, and each stream writes 256 events a turn at most: the app's own
        // work holds the loop a few ms. What the measure adds on this machine (2 cores, a load of 7-9)
        // is garbage collection (steps of up to 80 ms seen) and time off the CPU: hence the margin.
        // (The old code did not even deliver the burst to 50 streams within 30 s.)
        expect(delay).toBeLessThan(400);
        const changes = stream.events.filter((event) => event.event === 'change');
        expect(changes).toHaveLength(10_000);
        expect(stream.events.filter((event) => event.event === 'resync')).toEqual([]);
        // Timed from a process of its own: this one reads the burst on all 50 streams (500,000 events).
        expect(probes.length).toBeGreaterThan(0);
        expect(Math.max(...probes), `probe times ${probes.map(Math.round).join(', ')}`).toBeLessThan(1_000);
        expect(await listenBackend(sql)).toBe(listener);
        expect(server.logs()).not.toMatch(/LISTEN lost/);
      } finally {
        stream.close();
        for (const other of others) other.destroy();
      }
    }, 60_000);
  });

  describe('stalled readers', () => {
    let server: TestServer;
    let sql: postgres.Sql;

    beforeAll(async () => {
      server = await startServer({ database: 'postgres' });
      sql = postgres(server.databaseUrl!, { max: 1, onnotice: () => {} });
    });

    afterAll(async () => {
      await sql?.end();
      await server?.stop();
    });

    it('cost a bounded queue under 100,000 changes, lose what waited, and get a resync when they read again', async () => {
      const reader = await openChangeStream({ baseUrl: server.baseUrl, key: server.apiKey });
      const stalled = await Promise.all(Array.from({ length: 10 }, () => stalledStream(server.baseUrl, server.apiKey)));
      try {
        await reader.waitFor((event) => event.event === 'ready', 5_000);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const listener = await listenBackend(sql);
        const before = rssMegabytes(server.process.pid!);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMegabytes(server.process.pid!))), 50);
        try {
          await notifyChanges(sql, 100_000, 20_001);
          // The reader may have fallen behind too (and been told to resync): once all is out, one more change must reach it.
          await untilQuiet(reader, 1_000);
          await notifyChanges(sql, 1, 200_000);
          await waitForChangeId(reader, 200_000, 30_000);
        } finally {
          clearInterval(sampler);
        }
        const texts = await Promise.all(stalled.map(({ readAll }) => readAll(1_000)));
        const received = texts.map((text) => text.split('event: change').length - 1);
        console.info(
          `RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB under 10 stalled readers and 100,000 changes; on reading again they got ${received.join(', ')} changes`,
        );
        expect(peak - before).toBeLessThan(64);
        for (const text of texts) expect(text).toContain('event: resync');
        // What the socket buffers held (up to a few MB), and at most one queue (1,000): the rest was dropped, not kept.
        for (const count of received) expect(count).toBeLessThan(100_000);
        // Told to resync because they fell behind, not because the server lost its LISTEN.
        expect(await listenBackend(sql)).toBe(listener);
        expect(server.logs()).not.toMatch(/LISTEN lost/);
        expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      } finally {
        reader.close();
        for (const { socket } of stalled) socket.destroy();
      }
    }, 120_000);
  });
});
