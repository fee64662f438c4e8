// The API key CLI (`npm run api-key`), end to end: a key it creates works
// against the running server with the scope it was given, and revoking it
// makes the server refuse it. The CLI writes to the database while the server
// runs, which PGlite (one process per folder) cannot allow: PostgreSQL only.
import { describe, expect, inject, it } from 'vitest';
import { api, uniqueCategoryId } from '../support/api';
import { runCli } from '../support/cli';

const apiKeyCli = (...args: string[]) => runCli('scripts/api-key.ts', ...args);

describe.skipIf(inject('database') !== 'postgres')('npm run api-key (PostgreSQL only: the CLI and the server cannot share a PGlite folder)', () => {
  it('creates a read key that can list but not add pets, and revoke makes it 401', async () => {
    const created = await apiKeyCli('create', '--name', `cli test ${uniqueCategoryId()}`, '--scope', 'read');
    const key = created.stdout.trim();
    expect(key).toMatch(/^psk_[A-Za-z0-9_-]{40,}$/);
    const id = /Created API key (\d+)/.exec(created.stderr)?.[1];
    expect(id, created.stderr).toBeDefined();

    expect((await api('GET', '/v1/pets?limit=1', { key })).status).toBe(200);
    const write = await api('POST', '/v1/pets', { key, json: { name: 'CLI', categoryId: 1 } });
    expect(write.status).toBe(403);

    await apiKeyCli('revoke', id!);
    const revoked = await api('GET', '/v1/pets?limit=1', { key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
    // Two tsx start-ups on a shared two-core machine.
  }, 120_000);

  it('refuses a name the API would refuse, saying why', async () => {
    const refused = apiKeyCli('create', '--name', '\u200b');
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringContaining('must contain a visible character') });
  }, 60_000);
});
