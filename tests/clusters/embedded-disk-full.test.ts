// A full disk under the embedded database (docs/RELIABILITY.md, "A full disk
// on the embedded database"): PGLITE_DIR on a small tmpfs of the test's own.
// Filled up to below the reserve (lib/db/storage.ts), writes answer 503
// service_unavailable saying the disk is full, reads go on, /readyz answers
// 503, and the log has one line per kind, no stack; once space is freed all is
// well again. A start on a disk too small for the database fails with a
// message that says the disk is full. Needs root (mount); skipped otherwise.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RESERVE_BYTES } from '@/lib/db/storage';
import { sleep } from '../support/load';
import { startServer, type TestServer } from '../support/server';

// A fresh embedded database takes about 40 MB: room for it and the reserve, or not for it.
const ROOMY_DISK = '120m';
const TOO_SMALL_DISK = '24m';

const mounts: string[] = [];

/** A tmpfs of `size` mounted on a new folder; undefined when this process may not mount. */
function smallDisk(size: string): string | undefined {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    return undefined;
  }
  mounts.push(mountPoint);
  return mountPoint;
}

const freeBytes = (directory: string) => {
  const stats = fs.statfsSync(directory);
  return stats.bavail * stats.bsize;
};

const canMount = (() => {
  const probe = smallDisk('1m');
  return probe !== undefined;
})();
if (!canMount) console.warn('embedded disk full test skipped: mounting a tmpfs needs root');

afterAll(() => {
  for (const mountPoint of mounts.splice(0)) {
    execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' });
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
});

async function request(baseUrl: string, apiKey: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

describe.skipIf(!canMount)('a full disk under the embedded database (own tmpfs)', () => {
  let server: TestServer | undefined;

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses writes with 503 saying the disk is full, keeps reading, answers /readyz 503, and recovers once space is freed', async () => {
    const disk = smallDisk(ROOMY_DISK)!;
    server = await startServer({ database: 'pglite', env: { PGLITE_DIR: path.join(disk, 'data') } });
    const { baseUrl, apiKey } = server;
    const created = await request(baseUrl, apiKey, 'POST', '/v1/pets', { name: 'before the disk filled', categoryId: 1 });
    expect(created.status).toBe(201);

    // Everything but a little: far less than the reserve.
    const filler = path.join(disk, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(disk) - 256 * 1024)));
    const logStart = server.logs().length;
    await sleep(600); // past the free-space look's freshness (storage.ts)

    const writes = [];
    for (let n = 0; n < 10; n++) writes.push(await request(baseUrl, apiKey, 'POST', '/v1/pets', { name: `on a full disk ${n}`, categoryId: 1 }));
    const patch = await request(baseUrl, apiKey, 'PATCH', `/v1/pets/${created.body.id}`, { name: 'renamed on a full disk' });
    const read = await request(baseUrl, apiKey, 'GET', `/v1/pets/${created.body.id}`);
    const list = await request(baseUrl, apiKey, 'GET', '/v1/pets?limit=5');
    const ready = await request(baseUrl, apiKey, 'GET', '/readyz');
    const health = await request(baseUrl, apiKey, 'GET', '/healthz');
    const log = server.logs().slice(logStart);
    console.log(
      `embedded disk full figures: ${JSON.stringify({
        freeBytes: freeBytes(disk),
        reserveBytes: RESERVE_BYTES,
        writes: writes.map((write) => write.status),
        patch: patch.status,
        read: read.status,
        readyz: ready.status,
        readyzBody: ready.body,
        logLines: log.split('\n').filter(Boolean).length,
      })}`,
    );

    for (const write of [...writes, patch]) {
      expect(write.status).toBe(503);
      expect(write.body).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(write.body.message).toMatch(/disk is full/);
      expect(write.retryAfter).toMatch(/^\d+$/);
    }
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('before the disk filled');
    expect(list.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'storage full' });
    expect(health.status).toBe(200);
    expect(log).not.toMatch(/unhandled error|"stack"|\n\s+at /);
    expect(log.split('\n').filter((line) => line.includes('database storage full')).length).toBeLessThanOrEqual(2);

    // Space freed: ready again, and writes work.
    fs.rmSync(filler);
    await sleep(600);
    expect((await request(baseUrl, apiKey, 'GET', '/readyz')).status).toBe(200);
    expect((await request(baseUrl, apiKey, 'POST', '/v1/pets', { name: 'after space was freed', categoryId: 1 })).status).toBe(201);
  }, 120_000);

  it('a start on a disk too small for the database says the disk is full', async () => {
    const disk = smallDisk(TOO_SMALL_DISK)!;
    const failure = await startServer({ database: 'pglite', env: { PGLITE_DIR: path.join(disk, 'data') } }).then(
      async (started) => {
        await started.stop();
        return 'started';
      },
      (error: unknown) => String(error),
    );
    console.log(
      `embedded disk full start-up: ${failure
        .split('\n')
        .filter((line) => line.includes('fatal') || line.includes('disk'))
        .join(' | ')
        .slice(0, 600)}`,
    );
    expect(failure).toMatch(/exited with 1/);
    expect(failure).toMatch(/"level":60/);
    expect(failure).toMatch(/The embedded database's disk is full: \d+ MB free/);
  }, 120_000);
});
