// Large bodies cannot take the server's memory: a body over its route's limit is
// refused before anything buffers it (server/body-limit.mjs), so peak RSS stays
// flat however large the body, and the server keeps serving. The reproducer of
// the crash this guards against: a 100 MB form POST to next-auth's callback
// (Next buffered it whole and ran V8 out of heap).
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { sendBodyThenRead } from '../support/write-first-client';

const MiB = 1024 * 1024;
// Peak RSS may grow this much over the whole run (JIT, pools) and still be flat;
// the buffered 70 MB body of the crash took it up by ~300 MB.
const FLAT_MARGIN_MB = 48;

let server: TestServer;
const figures: { body: string; status: number | string; peakRssMb: number }[] = [];

beforeAll(async () => {
  server = await startServer({ database: inject('database') });
}, 120_000);

afterAll(async () => {
  console.log(`body limit figures: ${JSON.stringify({ database: inject('database'), figures })}`);
  await server?.stop();
});

/** VmHWM: the server process's peak resident set so far, in MB. */
function peakRssMb(): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Math.round(Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)![1]) / 1024);
}

/**
 * POSTs `size` bytes of 'a', streamed in 64 KiB chunks (never held whole here),
 * with Content-Length or chunked; stops sending once the answer has come.
 */
function postLargeBody(path: string, size: number, options: { chunked: boolean; headers: Record<string, string> }): Promise<number | string> {
  const { hostname, port } = new URL(server.baseUrl);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    let answered = false;
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path,
      agent: false,
      headers: { ...options.headers, ...(options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }) },
    });
    request.on('response', (response) => {
      answered = true;
      response.resume();
      response.on('end', () => {
        resolve(response.statusCode!);
        request.destroy();
      });
    });
    // The server closes the connection after refusing: writing on may fail once the answer is in.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve(error.code ?? error.message);
    });
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        if (answered || request.destroyed) return;
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe('bodies over the limit', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const apiJson = () => ({ 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}` });

  it('refuses them without buffering: peak RSS stays flat and the server keeps serving', async () => {
    await fetch(`${server.baseUrl}/api/auth/csrf`);
    const before = peakRssMb();
    figures.push({ body: 'none (after start-up and one request)', status: '-', peakRssMb: before });
    const cases = [
      {
        body: '2 MB form, Content-Length, /api/auth/callback/credentials',
        path: '/api/auth/callback/credentials',
        size: 2 * MiB,
        chunked: false,
        headers: form,
        status: 413,
      },
      {
        body: '70 MB form, Content-Length, /api/auth/callback/credentials',
        path: '/api/auth/callback/credentials',
        size: 70 * MiB,
        chunked: false,
        headers: form,
        status: 413,
      },
      {
        body: '100 MB form, Content-Length, /api/auth/callback/credentials',
        path: '/api/auth/callback/credentials',
        size: 100 * MiB,
        chunked: false,
        headers: form,
        status: 413,
      },
      {
        body: '100 MB form, chunked, /api/auth/callback/credentials',
        path: '/api/auth/callback/credentials',
        size: 100 * MiB,
        chunked: true,
        headers: form,
        status: 411,
      },
      { body: '100 MB, Content-Length, /v1/pets', path: '/v1/pets', size: 100 * MiB, chunked: false, headers: apiJson(), status: 413 },
      { body: '100 MB, chunked, /v1/pets', path: '/v1/pets', size: 100 * MiB, chunked: true, headers: apiJson(), status: 413 },
    ];
    for (const { body, path, size, chunked, headers, status } of cases) {
      const answer = await postLargeBody(path, size, { chunked, headers });
      figures.push({ body, status: answer, peakRssMb: peakRssMb() });
      expect(answer, body).toBe(status);
      expect((await fetch(`${server.baseUrl}/healthz`)).status, `serving after ${body}`).toBe(200);
    }
    expect(server.process.exitCode).toBeNull();
    expect(peakRssMb() - before).toBeLessThan(FLAT_MARGIN_MB);
    expect(server.logs()).not.toContain('heap out of memory');
  }, 120_000);
});

describe('the answer to a refused body', () => {
  // Past the kernel's socket buffers (a few MB on loopback), so the client is
  // still writing long after the server has answered.
  const SIZE = 16 * MiB;
  const TRIES = 20;
  const apiJson = () => ({ 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}` });
  const form = () => ({ 'content-type': 'application/x-www-form-urlencoded' });

  it.each([
    ['/v1/pets', 'Content-Length', false, apiJson, 413],
    ['/v1/pets', 'chunked', true, apiJson, 413],
    ['/api/auth/callback/credentials', 'Content-Length', false, form, 413],
    ['/api/auth/callback/credentials', 'chunked', true, form, 411],
  ] as const)(
    'reaches a client that sends all of it to %s first (%s), 20 times',
    async (path, _, chunked, headers, status) => {
      const unread: string[] = [];
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const result = await sendBodyThenRead(server.baseUrl, { path, headers: headers(), size: SIZE, chunked });
        if (result.status !== status)
          unread.push(`try ${attempt + 1}: ${result.status ?? 'no answer'} (${result.error ?? 'no error'}, ${result.sent} bytes sent)`);
      }
      expect(unread, `answers not read, of ${TRIES}`).toEqual([]);
    },
    180_000,
  );
});
