// A rolling upgrade widens nobody's rights (docs/ROLES.md): the release before roles, still
// running beside this one over the migrated database, signs every user in with a key that
// has their user and every scope and leaves `made_by` to its default. The fixture below
// makes that key with the older release's own INSERT; such a key holds what its user's role
// allows today, nothing for a disabled user, and never lets anyone change their own account.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '@/lib/domain/api-key-check';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { createUser } from '@/lib/domain/users';
import { eq } from 'drizzle-orm';
import { api, errorOf } from '../support/api';
import { serverWithData, type SeededServer } from '../support/seeded-server';

const PASSWORD = 'an earlier release test password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@earlier-release.test`;

/** The earlier release's sign-in: its key, inserted as that release inserts it. */
async function signInAsTheEarlierRelease(database: Database, userId: number): Promise<string> {
  const secret = `psk_${randomBytes(32).toString('base64url')}`;
  await database.execute(
    sql`insert into api_keys (name, user_id, prefix, hash, scopes, expires_at)
        values ('Dashboard session', ${userId}, ${secret.slice(0, 10)}, ${hashKey(secret)}, '{read,write,admin}', now() + interval '1 day')`,
  );
  return secret;
}

/** A key of no user made with every scope, as the CLI of that release could. */
async function cliKeyOfTheEarlierRelease(database: Database): Promise<string> {
  const secret = `psk_${randomBytes(32).toString('base64url')}`;
  await database.execute(
    sql`insert into api_keys (name, prefix, hash, scopes) values ('by hand', ${secret.slice(0, 10)}, ${hashKey(secret)}, '{read,write,admin}')`,
  );
  return secret;
}

type Seed = { viewer: { id: number; key: string }; disabled: { key: string }; admin: { id: number; key: string }; cli: { key: string } };

describe("an earlier release's keys, mid-way through a rolling upgrade", () => {
  let server: SeededServer<Seed>;

  beforeAll(async () => {
    server = await serverWithData(async (database) => {
      const viewer = (await createUser(database, { email: uniqueEmail('viewer'), password: PASSWORD, role: 'viewer' }))!;
      const disabled = (await createUser(database, { email: uniqueEmail('disabled'), password: PASSWORD, role: 'editor' }))!;
      await database.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
      const admin = (await createUser(database, { email: uniqueEmail('admin'), password: PASSWORD, role: 'admin' }))!;
      return {
        viewer: { id: viewer.id, key: await signInAsTheEarlierRelease(database, viewer.id) },
        disabled: { key: await signInAsTheEarlierRelease(database, disabled.id) },
        admin: { id: admin.id, key: await signInAsTheEarlierRelease(database, admin.id) },
        cli: { key: await cliKeyOfTheEarlierRelease(database) },
      };
    });
  });
  afterAll(() => server.stop());

  const call = (method: string, path: string, key: string, json?: unknown) => api(method, path, { baseUrl: server.baseUrl, key, json });

  it("gives a viewer's key a viewer's rights: it reads, and cannot promote its user", async () => {
    const { id, key } = server.seed.viewer;
    expect((await call('GET', '/v1/pets?limit=1', key)).status).toBe(200);
    expect((await call('POST', '/v1/pets', key, { name: 'by a viewer', categoryId: 1 })).status).toBe(403);
    expect((await call('GET', '/v1/users', key)).status).toBe(403);
    expect((await call('PATCH', `/v1/users/${id}`, key, { role: 'admin' })).status).toBe(403);
    const viewer = await api<{ id: number; role: string }[]>('GET', '/v1/users', { baseUrl: server.baseUrl, key: server.bootstrapKey });
    expect(viewer.body.find((user) => user.id === id)?.role).toBe('viewer');
  });

  it("gives a disabled user's key nothing", async () => {
    const answer = await call('GET', '/v1/pets?limit=1', server.seed.disabled.key);
    expect(answer.status).toBe(401);
  });

  it("lets an admin's key act as that admin, and not on their own account", async () => {
    const { id, key } = server.seed.admin;
    expect((await call('GET', '/v1/users', key)).status).toBe(200);
    for (const change of [{ role: 'viewer' }, { disabled: true }]) {
      const answer = await call('PATCH', `/v1/users/${id}`, key, change);
      expect(answer.status, JSON.stringify(change)).toBe(409);
      expect(errorOf(answer).message).toMatch(/your own account/);
    }
  });

  it('gives a key of no user made by hand no admin rights', async () => {
    const { key } = server.seed.cli;
    expect((await call('POST', '/v1/pets', key, { name: 'by hand', categoryId: 1 })).status).toBe(201);
    expect((await call('GET', '/v1/users', key)).status).toBe(403);
    expect((await call('POST', '/v1/users', key, { email: uniqueEmail('by-hand'), password: PASSWORD, role: 'admin' })).status).toBe(403);
  });
});
