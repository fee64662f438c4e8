// A start-up that fails says why without key material (docs/RELIABILITY.md,
// "Security headers, cookies, logs"): the database refuses the bootstrap key's
// row (a trigger that raises, standing for any refusal of that insert), the
// server exits 1 with "petstore failed to start", and no line of its log
// carries the key, its prefix or its SHA-256 (drizzle's error message copies the
// failed query's parameters).
import { createHash, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, startServer } from '../support/server';

describe.skipIf(inject('database') !== 'postgres')('a start-up that fails on the bootstrap key', () => {
  let database: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Migrated by a first start; then the database refuses any new key.
    const first = await startServer({ database: 'postgres', databaseUrl: database.url });
    await first.stop();
    const direct = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await direct.unsafe(`
        create function refuse_keys() returns trigger language plpgsql as $$ begin raise exception 'keys are refused here'; end $$;
        create trigger refuse_keys before insert on api_keys for each row execute function refuse_keys();`);
    } finally {
      await direct.end();
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('logs why, and no key material', async () => {
    const secret = `psk_test_${randomBytes(24).toString('base64url')}`;
    const failure = await startServer({ database: 'postgres', databaseUrl: database.url, env: { PETSTORE_BOOTSTRAP_API_KEY: secret } }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/the process exited with 1/);
    expect(failure).toMatch(/petstore failed to start/);
    expect(failure).toMatch(/keys are refused here/);
    for (const material of [secret, secret.slice(0, 10), createHash('sha256').update(secret).digest('hex')]) {
      expect(failure).not.toContain(material);
    }
  });
});
