// GET /v1/changes (experimental): a Server-Sent Events stream of what changed,
// fed by LISTEN/NOTIFY (drizzle/0008), so changes by any path appear within a
// second; never anything but a resource, a kind and an id; one LISTEN
// connection per instance; the server recovers its LISTEN, and the client
// (lib/client/change-feed.ts) reconnects after a restart.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PetstoreClient } from '@/lib/client/api-client';
import type { Change } from '@/lib/contract/changes';
import { addPet, api, uniqueCategoryId } from '../support/api';
import { changeOf, openChangeStream, type ChangeStream } from '../support/change-stream';
import { startServer, type TestServer } from '../support/server';

const isPostgres = inject('database') === 'postgres';

describe('GET /v1/changes', () => {
  let stream: ChangeStream;

  beforeAll(async () => {
    stream = await openChangeStream();
    await stream.waitFor((event) => event.event === 'ready', 5_000);
  });

  afterAll(() => stream?.close());

  it('opens an event stream: retry first, then ready', () => {
    expect(stream.retry).toBe(2_000);
    expect(stream.events[0]).toEqual({ event: 'ready', data: '{}' });
    expect(stream.headers.get('cache-control')).toBe('no-store');
  });

  it("answers HEAD with the stream's headers and no stream", async () => {
    const response = await api('HEAD', '/v1/changes');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('tells of a pet created through the API within 1 s', async () => {
    const pet = await addPet({ name: 'Announced', categoryId: uniqueCategoryId() });
    await stream.waitFor(changeOf('pet', 'created', pet.id));
  });

  it('tells of a pet changed and deleted, an order placed and moved, a category created and renamed', async () => {
    const pet = await addPet({ name: 'Busy', categoryId: uniqueCategoryId(), status: 'available' });
    await api('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Busier' } });
    await stream.waitFor(changeOf('pet', 'updated', pet.id));
    const order = (await api('POST', '/v1/store/orders', { json: { petId: pet.id } })).body;
    await stream.waitFor(changeOf('order', 'created', order.id));
    await api('PATCH', `/v1/store/orders/${order.id}`, { json: { status: 'cancelled' } });
    await stream.waitFor(changeOf('order', 'updated', order.id));
    const doomed = await addPet({ name: 'Doomed', categoryId: uniqueCategoryId() });
    await api('DELETE', `/v1/pets/${doomed.id}`);
    await stream.waitFor(changeOf('pet', 'deleted', doomed.id));
    const category = (await api('POST', '/v1/categories', { json: { name: `Feed ${Math.random()}` } })).body;
    await stream.waitFor(changeOf('category', 'created', category.id));
    await api('PATCH', `/v1/categories/${category.id}`, { json: { name: `Feed renamed ${Math.random()}` } });
    await stream.waitFor(changeOf('category', 'updated', category.id));
  });

  it.runIf(isPostgres)('tells of a pet inserted by SQL by hand within 1 s', async () => {
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql`insert into pets (name, category_id) values ('Typed in psql', 1) returning id`;
      await stream.waitFor(changeOf('pet', 'created', Number(row!.id)));
    } finally {
      await sql.end();
    }
  });

  it('carries nothing but resource, kind and id, and nothing about API keys', async () => {
    const created = await api('POST', '/v1/api-keys', { json: { name: 'Secret-bearing', scope: 'read' } });
    expect(created.status).toBe(201);
    expect((await api('DELETE', `/v1/api-keys/${created.body.id}`)).status).toBe(200);
    const marker = await addPet({ name: 'Marker', categoryId: uniqueCategoryId() });
    await stream.waitFor(changeOf('pet', 'created', marker.id));
    for (const event of stream.events.filter((candidate) => candidate.event === 'change')) {
      const change = JSON.parse(event.data) as Change;
      expect(Object.keys(change).sort()).toEqual(expect.arrayContaining(['kind', 'resource']));
      expect(Object.keys(change).every((key) => ['resource', 'kind', 'id'].includes(key))).toBe(true);
      expect(['pet', 'order', 'category']).toContain(change.resource);
    }
    expect(JSON.stringify(stream.events)).not.toContain(created.body.key);
  });

  it('sends one change without an id for a statement that changes more than 100 rows', async () => {
    if (!isPostgres) return; // PGlite's folder belongs to the server: no second writer.
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const before = stream.events.length;
      await sql`insert into pets (name, category_id) select 'Bulk ' || g, 2 from generate_series(1, 150) as g`;
      await stream.waitFor((event) => event.event === 'change' && JSON.stringify(JSON.parse(event.data)) === '{"resource":"pet","kind":"created"}');
      expect(stream.events.slice(before).filter(changeOf('pet', 'created')).length).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('ends the stream of a key revoked meanwhile, at its next event', async () => {
    const created = await api('POST', '/v1/api-keys', { json: { name: 'Short-lived feed', scope: 'read' } });
    expect(created.status).toBe(201);
    const own = await openChangeStream({ key: created.body.key });
    try {
      await own.waitFor((event) => event.event === 'ready', 5_000);
      expect((await api('DELETE', `/v1/api-keys/${created.body.id}`)).status).toBe(200);
      // Keys are checked again at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const pet = await addPet({ name: 'Unseen', categoryId: uniqueCategoryId() });
      const ended = await Promise.race([own.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3_000))]);
      expect(ended).toBe(true);
      expect(own.events.some(changeOf('pet', 'created', pet.id))).toBe(false);
    } finally {
      own.close();
    }
  });

  it.runIf(isPostgres)('listens on one connection per instance, for the key cache and the feed together', async () => {
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const listeners = await sql`
        select count(*)::int as count from pg_stat_activity where application_name like 'petstore listen%' and datname = current_database()`;
      expect(listeners[0]!.count).toBe(1);
    } finally {
      await sql.end();
    }
  });
});

describe.runIf(isPostgres)('when the LISTEN connection is lost', () => {
  it('tells open streams to resync once it is back, and goes on telling changes', async () => {
    const stream = await openChangeStream();
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      await stream.waitFor((event) => event.event === 'ready', 5_000);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'petstore listen' and datname = current_database()`;
      await stream.waitFor((event) => event.event === 'resync', 5_000);
      const pet = await addPet({ name: 'After the cut', categoryId: uniqueCategoryId() });
      await stream.waitFor(changeOf('pet', 'created', pet.id));
    } finally {
      stream.close();
      await sql.end();
    }
  });
});

// The client's reconnection (lib/client/change-feed.ts) does not depend on the
// database; PGlite's own feed is the first describe's: on PostgreSQL only.
describe.runIf(isPostgres)('the client across a server restart', () => {
  let servers: TestServer[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('reconnects by itself, reports a resync, and receives the changes made after', async () => {
    const start = () => startServer({ database: 'postgres', databaseUrl: inject('databaseUrl'), env: { PETSTORE_BOOTSTRAP_API_KEY: inject('apiKey') } });
    let current = await start();
    servers.push(current);
    // The client speaks to one address; this fetch sends it to whichever server is up.
    const client = new PetstoreClient({
      baseUrl: 'http://feed.invalid',
      apiKey: inject('apiKey'),
      fetch: (input, init) => fetch(String(input).replace('http://feed.invalid', current.baseUrl), init),
    });
    const changes: Change[] = [];
    let resyncs = 0;
    const connections: boolean[] = [];
    const abort = new AbortController();
    const following = client.watchChanges(
      { onChange: (change) => changes.push(change), onResync: () => resyncs++, onConnection: (isConnected) => connections.push(isConnected) },
      abort.signal,
    );
    try {
      await until(() => connections.includes(true), 5_000);
      await current.stop();
      servers = servers.filter((server) => server !== current);
      current = await start();
      servers.push(current);
      // (During the old server's drain grace period the client may have reconnected to it, and lost it again.)
      const resyncsBeforeRestart = resyncs;
      await until(() => resyncs > resyncsBeforeRestart && connections.at(-1) === true, 10_000);
      expect(connections.slice(0, 2)).toEqual([true, false]);
      const pet = await client.createPet({ name: 'After the restart', categoryId: uniqueCategoryId() });
      await until(() => changes.some((change) => change.resource === 'pet' && change.id === pet.id), 1_000);
    } finally {
      abort.abort();
      await following;
    }
    // Two server starts, which take a while on a busy machine.
  }, 120_000);
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
