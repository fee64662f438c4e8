// Many instances over one database: two production servers started at the same
// moment on a fresh database migrate it exactly once; concurrent creates through
// both get distinct ids and none is lost; a key revoked in the database is
// refused by every instance on the very next request, even by an instance
// whose LISTEN backend is frozen (its key cache's lease runs out first); a photo
// uploaded through one is served by the other.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiKey, revokeApiKey } from '@/lib/domain/api-keys';
import * as schema from '@/lib/db/schema';
import { countBy, runCreateLoops, storedPetNames } from '../support/load';
import { addPetOn, addPhoto, fetchPhotoFile, jpeg, listPhotos } from '../support/photos';
import { createTestDatabase, startServer, type TestServer } from '../support/server';

const CREATES = 200;
const LOOPS = 6;

describe.skipIf(inject('database') !== 'postgres')('two instances over one PostgreSQL database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let servers: TestServer[] = [];
  let client: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    const apiKey = `psk_test_${randomBytes(24).toString('base64url')}`;
    // Both at once on the fresh database: their migrations race for the advisory lock.
    const started = await Promise.allSettled(
      [0, 1].map(() => startServer({ database: 'postgres', databaseUrl: database.url, env: { PETSTORE_BOOTSTRAP_API_KEY: apiKey } })),
    );
    servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
    client = postgres(database.url, { max: 2, onnotice: () => {} });
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it('applies each migration exactly once when both start together, with no error in either log', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const rows = await client<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations`;
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    for (const server of servers) {
      expect(server.logs()).toContain('petstore ready');
      // pino levels 50 and 60: error and fatal.
      expect(server.logs()).not.toMatch(/"level":(50|60)/);
    }
  });

  it('gives distinct ids to concurrent creates through both instances and loses none', async () => {
    const prefix = `instances-${Date.now()}`;
    let sent = 0;
    const attempts = await runCreateLoops({
      baseUrls: servers.map((server) => server.baseUrl),
      apiKey: servers[0]!.apiKey,
      loops: LOOPS,
      prefix,
      pauseMs: 0,
      shouldStop: () => sent++ >= CREATES,
    }).done;
    const ids = attempts.map((attempt) => attempt.petId);
    const stored = await storedPetNames(database.url, prefix);
    console.log(
      `many instances figures: ${JSON.stringify({
        requests: attempts.length,
        byStatus: countBy(attempts, (attempt) => String(attempt.status ?? attempt.error)),
        distinctIds: new Set(ids).size,
        stored: stored.size,
      })}`,
    );
    expect(attempts).toHaveLength(CREATES);
    expect(attempts.filter((attempt) => attempt.status !== 201)).toEqual([]);
    expect(new Set(ids).size).toBe(CREATES);
    expect([...stored].sort()).toEqual(attempts.map((attempt) => attempt.name).sort());
  });

  it('serves a photo uploaded through one instance from the other, its bytes in the database', async () => {
    const [uploader, other] = servers.map((server) => ({ baseUrl: server.baseUrl, apiKey: server.apiKey }));
    const petId = await addPetOn(uploader!);
    const photo = await addPhoto(uploader!, petId, await jpeg(640, 480));
    expect((await listPhotos(other!, petId)).map((listed) => listed.id)).toEqual([photo.id]);
    for (const url of Object.values(photo.urls)) expect((await fetchPhotoFile(other!, url)).status).toBe(200);
  });

  it('refuses a revoked key on the very next request to either instance', async () => {
    const db = drizzle(client, { schema });
    for (let round = 0; round < 4; round++) {
      const { apiKey, secret } = await createApiKey(db, { name: `revoked-${round}`, scopes: ['read', 'write'] });
      // Both instances have just accepted the key (and cached it, if they cache keys).
      for (const server of servers) expect((await listPets(server, secret)).status).toBe(200);
      expect(await revokeApiKey(db, apiKey.id, new Date())).toMatchObject({ id: apiKey.id, revokedAt: expect.any(Date) });
      // Alternate which instance is asked first.
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        const response = await listPets(server, secret);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { code: string }).code).toBe('unauthorized');
      }
    }
  });

  it("refuses a key revoked through one instance on the other at once, though the other's LISTEN backend is frozen", async () => {
    const db = drizzle(client, { schema });
    const { apiKey, secret } = await createApiKey(db, { name: 'revoked while frozen', scopes: ['read'] });
    const [frozen, revoking] = servers as [TestServer, TestServer];
    // Cached by both (their listeners are live: each has heard its own lease ping).
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const server of servers) expect((await listPets(server, secret)).status).toBe(200);
    const backend = await listenBackendOf(client, frozen);
    process.kill(backend, 'SIGSTOP');
    try {
      expect((await revokeThrough(revoking, apiKey.id)).status).toBe(200);
      // Every request from the moment the revoke returned, for as long as the listener stays frozen.
      const statuses: number[] = [];
      for (let index = 0; index < 20; index++) statuses.push((await listPets(frozen, secret)).status);
      expect(statuses).toEqual(Array(20).fill(401));
      expect((await listPets(revoking, secret)).status).toBe(401);
    } finally {
      process.kill(backend, 'SIGCONT');
    }
  });
});

/** The PostgreSQL backend of `server`'s LISTEN connection: the one whose client port is a socket of that process. */
async function listenBackendOf(client: postgres.Sql, server: TestServer): Promise<number> {
  const rows = await client<{ pid: number; port: number }[]>`
    select pid, client_port as port from pg_stat_activity where application_name = 'petstore listen' and datname = current_database()`;
  const sockets = new Set(
    fs.readdirSync(`/proc/${server.process.pid}/fd`).flatMap((fd) => {
      try {
        return [fs.readlinkSync(`/proc/${server.process.pid}/fd/${fd}`)];
      } catch {
        return [];
      }
    }),
  );
  for (const { pid, port } of rows) {
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields.length > 9 && parseInt(fields[1]!.split(':')[1]!, 16) === port && sockets.has(`socket:[${fields[9]}]`)) return pid;
      }
    }
  }
  throw new Error(`no LISTEN backend found for the server on ${server.baseUrl}`);
}

function revokeThrough(server: TestServer, keyId: number): Promise<Response> {
  return fetch(`${server.baseUrl}/v1/api-keys/${keyId}`, { method: 'DELETE', headers: { authorization: `Bearer ${server.apiKey}` } });
}

function listPets(server: TestServer, apiKey: string): Promise<Response> {
  return fetch(`${server.baseUrl}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${apiKey}` } });
}
