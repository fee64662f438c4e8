// An instance whose clock is wrong (docs/RELIABILITY.md, "Time comes from the
// database"): expiry and pruning are decided by PostgreSQL's now(), never the
// instance's clock. An instance with its clock set ahead (PETSTORE_CLOCK)
// starts beside one with the right time, on the same database: 401 days ahead,
// its start-up pruning keeps the activity log (a retention of 400 days);
// 2 days ahead, a keyed retry of a create the other instance answered replays
// that answer (a TTL of 24 hours) instead of making a second pet; 2 days behind,
// a key stops at its expiry by the database's clock, cached or not.
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { sleep } from '../support/load';
import { createTestDatabase, startServer, type TestServer } from '../support/server';

const DAY_MS = 86_400_000;

describe.skipIf(inject('database') !== 'postgres')('an instance whose clock is ahead', () => {
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An instance with the right time on a database of its own, and a way to start another, `days` ahead, beside it. */
  const twoInstances = async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const onTime = await startServer({ database: 'postgres', databaseUrl: database.url });
    cleanups.push(onTime.stop);
    // `days` may be negative: an instance behind.
    const ahead = async (days: number): Promise<TestServer> => {
      const clock = new Date(Date.now() + days * DAY_MS).toISOString();
      const server = await startServer({
        database: 'postgres',
        databaseUrl: database.url,
        env: { PETSTORE_CLOCK: clock, PETSTORE_BOOTSTRAP_API_KEY: onTime.apiKey },
      });
      cleanups.push(server.stop);
      return server;
    };
    const query = async <Row extends object>(text: string, parameters: (string | number)[] = []) => {
      const client = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        return (await client.unsafe(text, parameters)) as unknown as Row[];
      } finally {
        await client.end();
      }
    };
    return { onTime, ahead, query };
  };

  it('401 days ahead, keeps the activity log at start-up', async () => {
    const { onTime, ahead, query } = await twoInstances();
    const pet = await api('POST', '/v1/pets', { baseUrl: onTime.baseUrl, key: onTime.apiKey, json: { name: 'Remembered', categoryId: 1 } });
    expect(pet.status).toBe(201);
    const [before] = await query<{ count: number }>('select count(*)::int as count from activity');

    const skewed = await ahead(401);
    // Start-up prunes once the instance is ready; give it time to have done so.
    await sleep(2_000);
    expect(skewed.logs()).not.toMatch(/activity log pruned/);
    const [after] = await query<{ count: number }>('select count(*)::int as count from activity');
    expect(after!.count).toBeGreaterThanOrEqual(before!.count);
    const entries = await query('select id from activity where resource = $1 and resource_id = $2', ['pet', String(pet.body.id)]);
    expect(entries.length).toBe(1);
  });

  it('2 days ahead, replays a keyed create the other instance answered', async () => {
    const { onTime, ahead, query } = await twoInstances();
    const request = { json: { name: 'Only once', categoryId: 1 }, headers: { 'idempotency-key': 'clock-skew-retry' } };
    const first = await api('POST', '/v1/pets', { baseUrl: onTime.baseUrl, key: onTime.apiKey, ...request });
    expect(first.status).toBe(201);

    const skewed = await ahead(2);
    const retry = await api('POST', '/v1/pets', { baseUrl: skewed.baseUrl, key: onTime.apiKey, ...request });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    const pets = await query('select id from pets where name = $1', ['Only once']);
    expect(pets.length).toBe(1);
  });

  // Two servers to start: a minute and a half on a busy machine.
  it('2 days behind, refuses a key at its expiry by the database, though it had cached it', { timeout: 90_000 }, async () => {
    const { onTime, ahead } = await twoInstances();
    // Started first: a start takes seconds on a busy machine, the key lives 5.
    const behind = await ahead(-2);
    const expiresAt = new Date(Date.now() + 5_000).toISOString();
    const made = await api<{ key: string }>('POST', '/v1/api-keys', {
      baseUrl: onTime.baseUrl,
      key: onTime.apiKey,
      json: { name: 'short-lived', scope: 'read', expiresAt },
    });
    expect(made.status).toBe(201);
    expect((await api('GET', '/v1/pets?limit=1', { baseUrl: behind.baseUrl, key: made.body.key })).status).toBe(200);
    await sleep(Date.parse(expiresAt) - Date.now() + 500);
    const late = await api('GET', '/v1/pets?limit=1', { baseUrl: behind.baseUrl, key: made.body.key });
    expect(late.status).toBe(401);
  });
});
