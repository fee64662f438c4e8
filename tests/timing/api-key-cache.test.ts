// The API key cache never outlives a revocation: each instance caches validated
// keys, and a key revoked or deleted elsewhere (another instance, the CLI, SQL)
// is refused by every instance on its very next request once the change is
// announced (the trigger's NOTIFY; the app's revoke path waits for it the same way).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashKey } from '@/lib/domain/api-key-check';
import { NOTIFICATION_GRACE_MS } from '@/lib/db/notify';
import { api } from '../support/api';
import { startServer, type TestServer } from '../support/server';

const isPostgres = inject('database') === 'postgres';

describe.runIf(isPostgres)('API key cache across instances', () => {
  let second: TestServer;
  let sql: postgres.Sql;
  let listener: postgres.Sql;
  const announced = new Map<number, () => void>();
  const instances = () => [inject('baseUrl'), second.baseUrl];

  beforeAll(async () => {
    sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    listener = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    await listener.listen('api_key_revoked', (payload) => announced.get(Number(payload))?.());
    second = await startServer({ database: 'postgres', databaseUrl: inject('databaseUrl') });
  });

  afterAll(async () => {
    await second?.stop();
    await sql?.end();
    await listener?.end();
  });

  async function newKey(): Promise<{ id: number; secret: string }> {
    const secret = `psk_cache_${randomBytes(24).toString('base64url')}`;
    const [row] = await sql`
      insert into api_keys (name, prefix, hash, scopes) values ('cache test', ${secret.slice(0, 10)}, ${hashKey(secret)}, ${['read']})
      returning id`;
    return { id: Number(row!.id), secret };
  }

  /**
   * Runs `change` and resolves once its notification went out to the listeners
   * and they had the moment the app's own revoke waits for (lib/db/notify.ts):
   * far below the cache's 30 s, so only the notification can explain a refusal.
   */
  async function announce(id: number, change: () => Promise<unknown>): Promise<void> {
    const heard = new Promise<void>((resolve) => announced.set(id, resolve));
    await change();
    await heard;
    await new Promise((resolve) => setTimeout(resolve, NOTIFICATION_GRACE_MS));
  }

  async function statusOn(baseUrl: string, secret: string): Promise<number> {
    return (await api('GET', '/v1/pets?limit=1', { baseUrl, key: secret })).status;
  }

  async function cacheEverywhere(secret: string): Promise<void> {
    for (const baseUrl of instances()) {
      // Twice: the first request fills the cache, the second is served from it.
      expect(await statusOn(baseUrl, secret)).toBe(200);
      expect(await statusOn(baseUrl, secret)).toBe(200);
    }
  }

  it('refuses a key revoked elsewhere on the very next request to every instance', async () => {
    const key = await newKey();
    await cacheEverywhere(key.secret);
    await announce(key.id, () => sql`update api_keys set revoked_at = now() where id = ${key.id}`);
    for (const baseUrl of instances()) expect(await statusOn(baseUrl, key.secret)).toBe(401);
  });

  it('refuses a deleted key on the very next request to every instance', async () => {
    const key = await newKey();
    await cacheEverywhere(key.secret);
    await announce(key.id, () => sql`delete from api_keys where id = ${key.id}`);
    for (const baseUrl of instances()) expect(await statusOn(baseUrl, key.secret)).toBe(401);
  });

  it('refuses a key whose expiry passed while it was cached', async () => {
    const key = await newKey();
    await sql`update api_keys set expires_at = now() + interval '1.5 seconds' where id = ${key.id}`;
    await cacheEverywhere(key.secret);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    for (const baseUrl of instances()) expect(await statusOn(baseUrl, key.secret)).toBe(401);
  });

  it('refuses a key revoked while the listening connection was down', async () => {
    const key = await newKey();
    await cacheEverywhere(key.secret);
    // Cut every instance's LISTEN connection; revoke while they are down (they retry after 1 s).
    const cut = await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'petstore listen' and datname = current_database()`;
    expect(cut.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sql`update api_keys set revoked_at = now() where id = ${key.id}`;
    for (const baseUrl of instances()) expect(await statusOn(baseUrl, key.secret)).toBe(401);
    // And once listening again, caching resumes without letting the key back in.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const baseUrl of instances()) expect(await statusOn(baseUrl, key.secret)).toBe(401);
  });
});
