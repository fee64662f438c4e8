// An import survives its instance (docs/RELIABILITY.md, "An import survives its
// instance"): two production servers over one PostgreSQL database; a 100,000-row import
// is posted, the instance running its job is killed with SIGKILL part-way, and the other
// finishes it. The pets in the database then equal the file's rows one for one, and each
// has exactly one activity entry: no row was imported twice, none was lost.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, startServer, type TestServer } from '../support/server';

const ROWS = 100_000;
const CATEGORY_ID = 424_242;

describe.skipIf(inject('database') !== 'postgres')('an import whose instance is killed', () => {
  let database: { url: string; drop: () => Promise<void> };
  let servers: TestServer[] = [];
  let client: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    const apiKey = `psk_test_${randomBytes(24).toString('base64url')}`;
    servers = [];
    for (let index = 0; index < 2; index++) {
      servers.push(await startServer({ database: 'postgres', databaseUrl: database.url, env: { PETSTORE_BOOTSTRAP_API_KEY: apiKey } }));
    }
    client = postgres(database.url, { max: 2, onnotice: () => {} });
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop().catch(() => {})));
    await database?.drop();
  });

  const progress = async (id: number) => {
    const [row] = await client<{ state: string; processed: number; created: number }[]>`select state, processed, created from imports where id = ${id}`;
    return row!;
  };

  /** The server whose pool last wrote an import's batch (its connections carry its pid: lib/db/postgres-pool.ts). */
  async function runnerOf(): Promise<TestServer | undefined> {
    const rows = await client<{ name: string }[]>`
      select application_name as name from pg_stat_activity
      where datname = current_database() and query like '%jsonb_to_recordset%' and application_name like 'petstore %'`;
    const pids = new Set(rows.map((row) => Number(/^petstore (\d+)@/.exec(row.name)?.[1])));
    return servers.find((server) => pids.has(server.process.pid!));
  }

  it('is finished by the other instance: every row once, one activity entry per pet', async () => {
    const names = Array.from({ length: ROWS }, (_, index) => `Survivor ${index}`);
    const csv = `name,categoryId,status,tags\n${names.map((name) => `${name},${CATEGORY_ID},available,kill-test`).join('\n')}\n`;
    const posted = await fetch(`${servers[0]!.baseUrl}/v1/pets/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${servers[0]!.apiKey}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(posted.status).toBe(202);
    const { id } = (await posted.json()) as { id: number };

    // Part-way: once a few batches are committed, the instance writing them is killed.
    let runner: TestServer | undefined;
    for (let waited = 0; waited < 120_000 && !runner; waited += 100) {
      const now = await progress(id);
      if (now.processed >= 2_000) runner = await runnerOf();
      if (!runner) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runner, 'an instance runs the import').toBeDefined();
    runner!.process.kill('SIGKILL');
    const killedAt = performance.now();
    const atKill = await progress(id);
    expect(atKill.state, 'the import was still running when its instance was killed').toBe('running');
    expect(atKill.processed).toBeLessThan(ROWS);
    const survivor = servers.find((server) => server !== runner)!;

    let resumedAfterMs: number | undefined;
    let last = atKill;
    for (let waited = 0; waited < 300_000 && last.state === 'running'; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await progress(id);
      if (resumedAfterMs === undefined && last.processed > atKill.processed) resumedAfterMs = Math.round(performance.now() - killedAt);
    }
    console.log(`import survives kill figures: ${JSON.stringify({ processedAtKill: atKill.processed, resumedAfterMs })}`);
    expect(last).toMatchObject({ state: 'done', processed: ROWS, created: ROWS });
    expect(survivor.logs()).not.toMatch(/"level":(50|60)/);

    const pets = await client<{ name: string; count: number }[]>`
      select name, count(*)::int as count from pets where category_id = ${CATEGORY_ID} group by name`;
    expect(pets.length).toBe(ROWS);
    expect(pets.every((pet) => pet.count === 1)).toBe(true);
    expect(new Set(pets.map((pet) => pet.name))).toEqual(new Set(names));
    const [entries] = await client<{ entries: number; pets: number }[]>`
      select count(*)::int as entries, count(distinct a.resource_id)::int as pets from activity a
      join pets p on a.resource = 'pet' and a.resource_id = p.id::text
      where p.category_id = ${CATEGORY_ID}`;
    expect(entries).toEqual({ entries: ROWS, pets: ROWS });
  }, 600_000);
});
