// The activity log over HTTP (docs/ROLES.md, "The activity log"): each change made
// through /v1 leaves entries naming its actor and request id, with the changed
// fields only; a refused change leaves none; secrets never appear; admins read
// it filtered and paged; the table refuses to be rewritten.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { openTestDatabase } from '../support/database';
import { signInToDashboard, signOutOfDashboard, type DashboardSession } from '../support/dashboard-session';
import { FREE_ATTEMPTS } from '@/lib/domain/sign-in-throttle';
import type { SeededServer } from '../support/seeded-server';
import { addKeysOf, addUser, suiteServerWith } from '../support/suite-users';

const PASSWORD = 'an activity test password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@activity.test`;
const requestId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

describe('the activity log', () => {
  let server: SeededServer<{ admin: string; viewer: string; keyOfAdmin: string; keyOfAdminId: number }>;
  let admin: DashboardSession;

  beforeAll(async () => {
    const adminEmail = uniqueEmail('admin');
    const viewer = uniqueEmail('viewer');
    await addUser(adminEmail, PASSWORD, 'admin');
    await addUser(viewer, PASSWORD, 'viewer');
    const [made] = await addKeysOf(adminEmail, PASSWORD, [{ name: 'admin’s script', scope: 'write' }]);
    server = suiteServerWith({ admin: adminEmail, viewer, keyOfAdmin: made!.secret, keyOfAdminId: made!.id });
    admin = (await signInToDashboard(server.baseUrl, server.seed.admin, PASSWORD))!;
  });

  const call = (method: string, path: string, key: string, json?: unknown, id?: string) =>
    api(method, path, { baseUrl: server.baseUrl, key, json, headers: id ? { 'x-request-id': id } : {} });
  const entriesOf = async (id: string) =>
    (await call('GET', '/v1/activity?limit=100', admin.apiKey)).body.filter((entry: { requestId?: string }) => entry.requestId === id);

  it('records a pet’s creation, its changed fields and its deletion, each with its actor and request id', async () => {
    const created = requestId('create');
    const pet = (await call('POST', '/v1/pets', server.seed.keyOfAdmin, { name: 'Logged Lynx', categoryId: 5, status: 'available' }, created)).body;
    const [creation] = await entriesOf(created);
    expect(creation).toMatchObject({
      resource: 'pet',
      resourceId: String(pet.id),
      action: 'create',
      actor: { keyId: server.seed.keyOfAdminId, label: server.seed.admin.toLowerCase(), userId: expect.any(Number) },
      after: { id: pet.id, name: 'Logged Lynx', category_id: 5, status: 'available' },
    });
    expect(creation.before).toBeUndefined();

    const patched = requestId('patch');
    await call('PATCH', `/v1/pets/${pet.id}`, admin.apiKey, { name: 'Logged Lynx II', categoryId: 5 }, patched);
    expect(await entriesOf(patched)).toEqual([
      expect.objectContaining({
        action: 'update',
        before: { name: 'Logged Lynx' },
        after: { name: 'Logged Lynx II' },
        actor: expect.objectContaining({ label: server.seed.admin.toLowerCase() }),
      }),
    ]);

    const refused = requestId('refused');
    expect((await call('PATCH', `/v1/pets/${pet.id}`, admin.apiKey, { status: 'pending' }, refused)).status).toBe(409);
    expect(await entriesOf(refused)).toEqual([]);

    const deleted = requestId('delete');
    expect((await call('DELETE', `/v1/pets/${pet.id}`, admin.apiKey, undefined, deleted)).status).toBe(204);
    expect(await entriesOf(deleted)).toEqual([expect.objectContaining({ action: 'delete', before: expect.objectContaining({ name: 'Logged Lynx II' }) })]);

    const history = await call('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`, admin.apiKey);
    expect(history.body.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
  });

  it('records a category’s deletion with its actor and request id', async () => {
    // Pets may name any categoryId: on the shared server another file's pets may name a new
    // category's id already, which would keep it (409). One that none names is deleted.
    const unusedCategory = async (): Promise<{ id: number }> => {
      const made = (await call('POST', '/v1/categories', admin.apiKey, { name: `Logged ${randomBytes(4).toString('hex')}` })).body;
      const naming = (await call('GET', `/v1/pets?categoryId=${made.id}&limit=1`, admin.apiKey)).body;
      return naming.length === 0 ? made : unusedCategory();
    };
    const category = await unusedCategory();
    const deleted = requestId('category-delete');
    expect((await call('DELETE', `/v1/categories/${category.id}`, server.seed.keyOfAdmin, undefined, deleted)).status).toBe(204);
    expect(await entriesOf(deleted)).toEqual([
      expect.objectContaining({
        resource: 'category',
        resourceId: String(category.id),
        action: 'delete',
        actor: expect.objectContaining({ keyId: server.seed.keyOfAdminId, label: server.seed.admin.toLowerCase() }),
      }),
    ]);
  });

  it('records an order and the status it gives its pet in one request', async () => {
    const pet = (await call('POST', '/v1/pets', admin.apiKey, { name: 'Ordered Ocelot', categoryId: 5, status: 'available' })).body;
    const placed = requestId('order');
    const order = (await call('POST', '/v1/store/orders', admin.apiKey, { petId: pet.id }, placed)).body;
    const entries = await entriesOf(placed);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ resource: 'order', resourceId: String(order.id), action: 'create' }),
        expect.objectContaining({
          resource: 'pet',
          resourceId: String(pet.id),
          action: 'update',
          before: { status: 'available' },
          after: { status: 'pending' },
        }),
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('never holds passwords, key material or hashes', async () => {
    const madeKey = requestId('key');
    const key = (await call('POST', '/v1/api-keys', admin.apiKey, { name: 'logged key', scope: 'read' }, madeKey)).body;
    const [keyEntry] = await entriesOf(madeKey);
    expect(keyEntry).toMatchObject({ resource: 'api_key', action: 'create', after: expect.objectContaining({ name: 'logged key', made_by: 'user' }) });
    const email = uniqueEmail('secretive');
    const madeUser = requestId('user');
    await call('POST', '/v1/users', admin.apiKey, { email, password: 'a very secret password' }, madeUser);
    const log = JSON.stringify((await call('GET', '/v1/activity?limit=100', admin.apiKey)).body);
    for (const secret of [key.key, key.key.slice(0, 10), 'a very secret password', '$argon2id', 'password_hash', '"hash"']) expect(log).not.toContain(secret);
    expect(await entriesOf(madeUser)).toEqual([
      expect.objectContaining({ resource: 'user', action: 'create', after: expect.objectContaining({ email, role: 'viewer' }) }),
    ]);
  });

  it('records sign-ins, failed ones included', async () => {
    expect(await signInToDashboard(server.baseUrl, server.seed.viewer, 'not the password')).toBeUndefined();
    await signInToDashboard(server.baseUrl, server.seed.viewer, PASSWORD);
    const sessions = (await call('GET', '/v1/activity?resource=session&limit=100', admin.apiKey)).body.filter(
      (entry: { actor?: { label?: string } }) => entry.actor?.label === server.seed.viewer.toLowerCase(),
    );
    // The newest two: the seed's viewer chose a password at the start (its own sign-in and sign-out-everywhere).
    expect(sessions.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual(['sign-in', 'sign-in-failed']);
  });

  type Entry = { action: string; resource: string; resourceId?: string; actor?: { userId?: number; keyId?: number; label?: string }; requestId?: string };
  const sessionEntriesOf = async (email: string): Promise<Entry[]> =>
    (await call('GET', `/v1/activity?resource=session&person=${encodeURIComponent(email)}&limit=100`, admin.apiKey)).body;

  it('records a user’s own password change, sign-out and “Sign out everywhere”, each by that person', async () => {
    const email = uniqueEmail('own');
    const userId = await addUser(email, PASSWORD, 'viewer');
    const session = (await signInToDashboard(server.baseUrl, email, PASSWORD))!;
    const changed = requestId('own-password');
    const newPassword = 'a second activity password';
    expect((await call('PUT', '/v1/me/password', session.apiKey, { currentPassword: PASSWORD, newPassword }, changed)).status).toBe(204);
    expect(await entriesOf(changed)).toEqual([
      expect.objectContaining({
        resource: 'user',
        resourceId: String(userId),
        action: 'password-change',
        actor: expect.objectContaining({ userId, label: email }),
      }),
    ]);

    const everywhere = requestId('everywhere');
    expect((await call('DELETE', '/v1/me/sessions', session.apiKey, undefined, everywhere)).status).toBe(204);
    expect(await entriesOf(everywhere)).toEqual([
      expect.objectContaining({
        resource: 'session',
        resourceId: String(userId),
        action: 'sign-out-everywhere',
        actor: expect.objectContaining({ userId, label: email }),
      }),
    ]);

    const again = (await signInToDashboard(server.baseUrl, email, newPassword))!;
    await signOutOfDashboard(server.baseUrl, again);
    const [signOut] = await sessionEntriesOf(email);
    expect(signOut).toMatchObject({
      resource: 'session',
      resourceId: String(userId),
      action: 'sign-out',
      actor: { userId, label: email, keyId: expect.any(Number) },
    });
    // Then the first sign-in of addUser, which replaced the admin's first password, and its sign-out everywhere.
    expect((await sessionEntriesOf(email)).map((entry) => entry.action)).toEqual([
      'sign-out',
      'sign-in',
      'sign-out-everywhere',
      'sign-in',
      'sign-out-everywhere',
      'sign-in',
    ]);
  });

  it('records an admin’s password reset as a reset, by the admin, without the flag it sets', async () => {
    const email = uniqueEmail('reset');
    const userId = await addUser(email, PASSWORD, 'viewer');
    const reset = requestId('reset');
    expect((await call('POST', `/v1/users/${userId}/password-reset`, admin.apiKey, undefined, reset)).status).toBe(200);
    expect(await entriesOf(reset)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        resource: 'user',
        resourceId: String(userId),
        action: 'password-reset',
        actor: expect.objectContaining({ label: server.seed.admin.toLowerCase() }),
        requestId: reset,
      },
    ]);
  });

  it('records a sign-in the throttle refused, with the email tried and nothing secret', async () => {
    const email = uniqueEmail('throttled');
    for (let attempt = 0; attempt <= FREE_ATTEMPTS; attempt += 1) await signInToDashboard(server.baseUrl, email, `guess number ${attempt}`);
    const entries = await sessionEntriesOf(email);
    expect(entries.map((entry) => entry.action)).toEqual(['sign-in-throttled', ...Array(FREE_ATTEMPTS).fill('sign-in-failed')]);
    expect(entries[0]).toMatchObject({ resource: 'session', actor: { label: email } });
    expect(JSON.stringify(entries)).not.toContain('guess number');
  });

  it('filters by person: the changes they made and those made to their account', async () => {
    const email = uniqueEmail('person');
    const userId = await addUser(email, PASSWORD, 'viewer');
    const session = (await signInToDashboard(server.baseUrl, email, PASSWORD))!;
    await call('POST', `/v1/users/${userId}/password-reset`, admin.apiKey);
    const part = email.split('@')[0]!.toUpperCase();
    const about = (await call('GET', `/v1/activity?person=${encodeURIComponent(part)}&limit=100`, admin.apiKey)).body as Entry[];
    // Newest first: the reset, their sign-in, and before it addUser's replacing of the admin's first password.
    expect(about.map((entry) => `${entry.resource} ${entry.action}`)).toEqual([
      'user password-reset',
      'session sign-in',
      'session sign-out-everywhere',
      'user password-change',
      'session sign-in',
      'user create',
    ]);
    expect(about[0]!.actor?.label).toBe(server.seed.admin.toLowerCase());
    expect(session.apiKey).toBeDefined();
    // Wildcards are taken literally: "%" matches no email here.
    expect((await call('GET', '/v1/activity?person=%25%25&limit=5', admin.apiKey)).body).toEqual([]);
  });

  it.each([
    ['since=yesterday', 'since must be an ISO 8601 date-time'],
    ['until=2026-02-30T00:00:00Z', 'until must be an ISO 8601 date-time'],
    ['since=2026-11-02T00:00:00Z&until=2026-11-01T00:00:00Z', 'until must not be before since'],
    [`person=${'x'.repeat(255)}`, 'person must be at most 254 characters'],
    ['person=%20', 'person must not be empty'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const refused = await call('GET', `/v1/activity?${query}`, admin.apiKey);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
  });

  it('is for admins only, filters by actor and time, and pages newest first', async () => {
    const viewer = (await signInToDashboard(server.baseUrl, server.seed.viewer, PASSWORD))!;
    expect((await call('GET', '/v1/activity', viewer.apiKey)).status).toBe(403);
    const byKey = await call('GET', `/v1/activity?actorKeyId=${server.seed.keyOfAdminId}`, admin.apiKey);
    expect(byKey.body.length).toBeGreaterThan(0);
    expect(byKey.body.every((entry: { actor: { keyId: number } }) => entry.actor.keyId === server.seed.keyOfAdminId)).toBe(true);
    expect((await call('GET', `/v1/activity?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, admin.apiKey)).body).toEqual([]);
    const first = await call('GET', '/v1/activity?limit=2', admin.apiKey);
    const next = first.headers.get('link')!.match(/<([^>]+)>/)![1]!;
    const second = await call('GET', next, admin.apiKey);
    expect(second.body[0].id).toBeLessThan(first.body[1].id);
    expect((await call('GET', '/v1/activity?resource=planet', admin.apiKey)).status).toBe(400);
  });

  // On PGlite this opens a database of its own (a copy of the run's template, tests/support/
  // pglite-template.ts): loading one took 12 s at a load of 10, hence the 90 s below.
  it('refuses to rewrite, delete or truncate entries outside prune_activity()', async () => {
    const { database, close } = await openTestDatabase({});
    try {
      // (On PGlite this is a database of its own: give it an entry to refuse to touch.)
      await database.execute(sql`insert into activity (resource, action) values ('pet', 'create')`);
      // Drizzle wraps the database's error: its cause says why.
      const why = (attempt: Promise<unknown>) =>
        attempt.then(
          () => 'allowed',
          (error: { cause?: Error }) => String(error.cause?.message),
        );
      expect(await why(database.execute(sql`update activity set action = 'forged'`))).toMatch(/append-only/);
      expect(await why(database.execute(sql`delete from activity`))).toMatch(/append-only/);
      expect(await why(database.execute(sql`truncate activity`))).toMatch(/append-only/);
      // The setting the guard once trusted: any session can set it.
      const withSetting = database.transaction(async (transaction) => {
        await transaction.execute(sql`select set_config('petstore.pruning', 'on', true)`);
        await transaction.execute(sql`delete from activity`);
      });
      expect(await why(withSetting)).toMatch(/append-only/);
    } finally {
      await close();
    }
  }, 90_000);
});
