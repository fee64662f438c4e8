// Idempotency-Key makes a create exactly-once for retries with the same key and
// body, even when the first answer is lost after the create committed: the
// connection to PostgreSQL cut or its answer dropped right after COMMIT (a
// fault-injecting proxy between the app and the database), the app killed
// while the COMMIT's answer is on its way, the database restarted then. A
// retry finds the answer stored in the create's own transaction and replays it.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCluster, postgresBinaries, type Cluster } from '../support/cluster';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { sleep } from '../support/load';
import { startServer, type TestServer } from '../support/server';

const RETRIES = 3;

type Answer = { status?: number; body: { id?: number; code?: string }; replayed: boolean; error?: string };

async function post(baseUrl: string, apiKey: string, path: string, body: unknown, idempotencyKey: string): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer['body'],
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  } catch (error) {
    return { body: {}, replayed: false, error: (error as Error).name };
  }
}

const binaries = postgresBinaries();
if (!binaries) console.warn('idempotent retries test skipped: PostgreSQL server binaries (initdb, pg_ctl) are not installed');

describe.skipIf(inject('database') !== 'postgres' || !binaries)('Idempotency-Key through lost answers (fault proxy, own cluster)', () => {
  let cluster: Cluster;
  let proxy: FaultProxy;
  let server: TestServer;
  let sql: postgres.Sql;

  beforeAll(async () => {
    cluster = await createCluster();
    proxy = await startFaultProxy({ host: '127.0.0.1', port: cluster.port });
    server = await startServer({ database: 'postgres', databaseUrl: proxy.urlFor(cluster.url) });
    sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await proxy?.close();
    await cluster?.destroy();
  });

  const petsNamed = async (name: string) => (await sql<{ id: string }[]>`select id from pets where name = ${name}`).map((row) => Number(row.id));
  const ordersFor = async (petId: number) => (await sql<{ id: string }[]>`select id from orders where pet_id = ${petId}`).map((row) => Number(row.id));

  // Each operation's request for a fresh `name`: what it posts, the statement whose commit loses its answer, and the rows it made.
  const operations = {
    'POST /v1/pets': async (name: string) => ({
      path: '/v1/pets',
      body: { name, categoryId: 1 },
      statement: /insert into "pets"/,
      rows: () => petsNamed(name),
    }),
    'POST /v1/store/orders': async (name: string) => {
      const [pet] = await sql<{ id: string }[]>`insert into pets (name, category_id, status) values (${name}, 1, 'available') returning id`;
      const petId = Number(pet!.id);
      return { path: '/v1/store/orders', body: { petId, quantity: 1 }, statement: /insert into "orders"/, rows: () => ordersFor(petId) };
    },
  } as const;

  it.each([
    ['POST /v1/pets', 'cut'],
    ['POST /v1/pets', 'drop'],
    ['POST /v1/store/orders', 'cut'],
    ['POST /v1/store/orders', 'drop'],
  ] as const)(
    '%s: the answer to COMMIT lost (%s), 3 retries with the same key create once and replay the stored 201',
    async (operation, action) => {
      const request = await operations[operation](`lost-${action}-${randomUUID()}`);
      const key = randomUUID();
      const send = () => post(server.baseUrl, server.apiKey, request.path, request.body, key);
      proxy.arm({ statement: request.statement, action });
      const firedBefore = proxy.firedCount();
      const answers: Answer[] = [];
      try {
        answers.push(await send());
        for (let retry = 0; retry < RETRIES; retry++) {
          await sleep(100);
          answers.push(await send());
        }
      } finally {
        proxy.disarm();
      }
      const rows = await request.rows();
      console.log(
        `lost answer figures: ${JSON.stringify({ operation, action, answers: answers.map((answer) => answer.status ?? answer.error), rowsCreated: rows.length })}`,
      );

      expect(proxy.firedCount() - firedBefore).toBeGreaterThanOrEqual(1);
      // The first answer was lost on its way: the app could only say the database failed it.
      expect(answers[0]).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
      expect(rows).toHaveLength(1);
      for (const retry of answers.slice(1)) expect(retry).toMatchObject({ status: 201, replayed: true, body: { id: rows[0] } });
    },
    60_000,
  );

  it('POST /v1/pets: the app killed while the answer to COMMIT is on its way; after a restart, retries replay the stored 201', async () => {
    const crashing = await startServer({ database: 'postgres', databaseUrl: proxy.urlFor(cluster.url), env: { PETSTORE_BOOTSTRAP_API_KEY: server.apiKey } });
    const name = `crash-${randomUUID()}`;
    const key = randomUUID();
    proxy.arm({ statement: /insert into "pets"/, action: 'hold' });
    let restarted: TestServer | undefined;
    try {
      const firing = proxy.nextFiring();
      const lost = post(crashing.baseUrl, crashing.apiKey, '/v1/pets', { name, categoryId: 1 }, key);
      await firing;
      const exited = new Promise((resolve) => crashing.process.once('exit', resolve));
      crashing.process.kill('SIGKILL');
      await exited;
      proxy.disarm();
      proxy.release();
      expect((await lost).status).toBeUndefined();
      expect(await petsNamed(name)).toHaveLength(1);

      restarted = await startServer({ database: 'postgres', databaseUrl: proxy.urlFor(cluster.url), env: { PETSTORE_BOOTSTRAP_API_KEY: server.apiKey } });
      const answers: Answer[] = [];
      for (let retry = 0; retry < RETRIES; retry++) answers.push(await post(restarted.baseUrl, restarted.apiKey, '/v1/pets', { name, categoryId: 1 }, key));
      const rows = await petsNamed(name);
      console.log(`crash figures: ${JSON.stringify({ answers: answers.map((answer) => answer.status ?? answer.error), rowsCreated: rows.length })}`);
      expect(rows).toHaveLength(1);
      for (const answer of answers) expect(answer).toMatchObject({ status: 201, replayed: true, body: { id: rows[0] } });
    } finally {
      proxy.disarm();
      proxy.release();
      await restarted?.stop();
    }
  }, 120_000);

  it('POST /v1/pets: the database restarted while the answer to COMMIT is on its way; retries replay the stored 201', async () => {
    const name = `restart-${randomUUID()}`;
    const key = randomUUID();
    proxy.arm({ statement: /insert into "pets"/, action: 'hold' });
    try {
      const firing = proxy.nextFiring();
      const lost = post(server.baseUrl, server.apiKey, '/v1/pets', { name, categoryId: 1 }, key);
      await firing;
      await cluster.stop('fast');
      proxy.disarm();
      proxy.release();
      const first = await lost;
      await cluster.start();
      const answers: Answer[] = [first];
      for (let retry = 0; retry < RETRIES; retry++) {
        answers.push(await post(server.baseUrl, server.apiKey, '/v1/pets', { name, categoryId: 1 }, key));
      }
      const rows = await petsNamed(name);
      console.log(`database restart figures: ${JSON.stringify({ answers: answers.map((answer) => answer.status ?? answer.error), rowsCreated: rows.length })}`);
      expect(first).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
      expect(rows).toHaveLength(1);
      // Just after the restart a retry may still meet a connection of the old server (503); every other answer is the stored 201.
      for (const answer of answers.slice(1)) {
        if (answer.status !== 503) expect(answer).toMatchObject({ status: 201, replayed: true, body: { id: rows[0] } });
      }
      expect(answers.at(-1)).toMatchObject({ status: 201, replayed: true });
    } finally {
      proxy.disarm();
      proxy.release();
    }
  }, 60_000);
});
