// People come and go (docs/ROLES.md): an admin changes a role, disables and
// enables, resets a password and deletes, over HTTP; each ends the person's
// sessions at once (the sign-in page then says why, with no way back to a page),
// and the keys that must stop answer 401 from the next request.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@/lib/contract/roles';
import { api } from '../support/api';
import { openPage, signInToDashboard, type DashboardSession } from '../support/dashboard-session';
import type { SeededServer } from '../support/seeded-server';
import { addKeysOf, addUser, suiteServerWith } from '../support/suite-users';

const PASSWORD = 'a people test password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@people.test`;

type Person = { id: number; email: string; readKey: string; writeKey?: string };

describe('people lifecycle', () => {
  let server: SeededServer<{ admin: string; people: Record<string, Person> }>;
  let admin: DashboardSession;

  beforeAll(async () => {
    const adminEmail = uniqueEmail('admin');
    await addUser(adminEmail, PASSWORD, 'admin');
    const people: Record<string, Person> = {};
    for (const label of ['disabled', 'demoted', 'deleted', 'reset', 'self']) {
      const role: Role = label === 'demoted' ? 'editor' : 'viewer';
      const email = uniqueEmail(label);
      const id = await addUser(email, PASSWORD, role);
      const scopes = role === 'editor' ? (['read', 'write'] as const) : (['read'] as const);
      const [readKey, writeKey] = await addKeysOf(
        email,
        PASSWORD,
        scopes.map((scope) => ({ name: `${label} ${scope}`, scope })),
      );
      people[label] = { id, email, readKey: readKey!.secret, writeKey: writeKey?.secret };
    }
    server = suiteServerWith({ admin: adminEmail, people });
    admin = (await signInToDashboard(server.baseUrl, server.seed.admin, PASSWORD))!;
  });

  const call = (method: string, path: string, key: string, json?: unknown) => api(method, path, { baseUrl: server.baseUrl, key, json });
  const person = (label: string) => server.seed.people[label]!;
  const signIn = (email: string, password = PASSWORD) => signInToDashboard(server.baseUrl, email, password);

  /** The ended session's next page: the sign-in page with `message`, and it stays there. */
  async function expectEndedWith(session: DashboardSession, message: string) {
    const page = await openPage(server.baseUrl, '/orders', session.cookie);
    expect(page.status).toBe(307);
    expect(page.location).toMatch(/^\/signin/);
    const signInPage = await openPage(server.baseUrl, page.location!, session.cookie);
    expect(signInPage.status).toBe(200);
    expect(signInPage.text).toContain(message);
    expect((await call('GET', '/v1/pets?limit=1', session.apiKey)).status).toBe(401);
  }

  it('disabling ends their sessions and stops every key of theirs; they cannot sign in until enabled', async () => {
    const { id, email, readKey } = person('disabled');
    const session = (await signIn(email))!;
    const disabled = await call('PATCH', `/v1/users/${id}`, admin.apiKey, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true });
    expect(disabled.body.stoppedKeyIds.length).toBe(2);
    await expectEndedWith(session, 'Your account was disabled');
    expect((await call('GET', '/v1/pets?limit=1', readKey)).status).toBe(401);
    expect(await signIn(email)).toBeUndefined();

    expect((await call('PATCH', `/v1/users/${id}`, admin.apiKey, { disabled: false })).body).toMatchObject({ disabled: false, stoppedKeyIds: [] });
    expect(await signIn(email)).toBeDefined();
    // Enabling brings no key back.
    expect((await call('GET', '/v1/pets?limit=1', readKey)).status).toBe(401);
  });

  it('a role change ends their sessions and stops only the keys beyond the new role', async () => {
    const { id, email, readKey, writeKey } = person('demoted');
    const session = (await signIn(email))!;
    expect(session.role).toBe('editor');
    const changed = await call('PATCH', `/v1/users/${id}`, admin.apiKey, { role: 'viewer' });
    expect(changed.body).toMatchObject({ role: 'viewer' });
    await expectEndedWith(session, 'Your role changed: sign in again');
    expect((await call('GET', '/v1/pets?limit=1', writeKey!)).status).toBe(401);
    expect((await call('GET', '/v1/pets?limit=1', readKey)).status).toBe(200);
    const again = (await signIn(email))!;
    expect(again.role).toBe('viewer');
    expect((await call('POST', '/v1/pets', again.apiKey, {})).status).toBe(403);
  });

  it('a reset gives a temporary password that reads only until it is replaced', async () => {
    const { id, email, readKey } = person('reset');
    const session = (await signIn(email))!;
    const reset = await call('POST', `/v1/users/${id}/password-reset`, admin.apiKey);
    expect(reset.status).toBe(200);
    const { temporaryPassword } = reset.body;
    expect(temporaryPassword).toMatch(/^[\w-]{24}$/);
    await expectEndedWith(session, 'Your password was reset by an admin');
    // Keys are not passwords: the ones they made keep working.
    expect((await call('GET', '/v1/pets?limit=1', readKey)).status).toBe(200);
    expect(await signIn(email)).toBeUndefined();

    const temporary = (await signIn(email, temporaryPassword))!;
    expect(temporary.mustChangePassword).toBe(true);
    expect((await call('GET', '/v1/users', admin.apiKey)).body.find((user: { id: number }) => user.id === id)).toMatchObject({ mustChangePassword: true });
    const changed = await call('PUT', '/v1/me/password', temporary.apiKey, { currentPassword: temporaryPassword, newPassword: 'chosen by them' });
    expect(changed.status).toBe(204);
    expect((await signIn(email, 'chosen by them'))?.mustChangePassword).toBe(false);
  });

  it('deleting stops their sessions and keys, which stay listed with no owner', async () => {
    const { id, email, readKey } = person('deleted');
    const session = (await signIn(email))!;
    expect((await call('DELETE', `/v1/users/${id}`, admin.apiKey)).status).toBe(204);
    await expectEndedWith(session, 'Your account was deleted');
    expect((await call('GET', '/v1/pets?limit=1', readKey)).status).toBe(401);
    expect(await signIn(email)).toBeUndefined();
    const keys = await call('GET', '/v1/api-keys', admin.apiKey);
    const theirs = keys.body.filter((key: { name: string }) => key.name === 'deleted read');
    expect(theirs).toEqual([expect.objectContaining({ madeBy: { kind: 'user' }, revokedAt: expect.any(String) })]);
    expect((await call('DELETE', `/v1/users/${id}`, admin.apiKey)).status).toBe(404);
  });

  it('a password change ends the other sessions, which land on sign-in saying so', async () => {
    const { email } = person('self');
    const browserA = (await signIn(email))!;
    const browserB = (await signIn(email))!;
    expect((await call('PUT', '/v1/me/password', browserA.apiKey, { currentPassword: PASSWORD, newPassword: 'the second password' })).status).toBe(204);
    await expectEndedWith(browserB, 'Your password was changed');
    expect((await openPage(server.baseUrl, '/orders', browserA.cookie)).status).toBe(200);
  });

  it('sign out everywhere ends every session of the user at once', async () => {
    const one = (await signIn(server.seed.admin))!;
    const two = (await signIn(server.seed.admin))!;
    expect((await call('DELETE', '/v1/me/sessions', one.apiKey)).status).toBe(204);
    await expectEndedWith(one, 'You signed out everywhere');
    await expectEndedWith(two, 'You signed out everywhere');
    admin = (await signIn(server.seed.admin))!;
  });

  it('refuses an admin acting on their own account (409), and refuses bad changes (400, 404)', async () => {
    const me = (await call('GET', '/v1/users', admin.apiKey)).body.find((user: { email: string }) => user.email === server.seed.admin.toLowerCase());
    for (const [method, path, json] of [
      ['PATCH', `/v1/users/${me.id}`, { role: 'viewer' }],
      ['PATCH', `/v1/users/${me.id}`, { disabled: true }],
      ['DELETE', `/v1/users/${me.id}`, undefined],
    ] as const) {
      const refused = await call(method, path, admin.apiKey, json);
      expect(refused, `${method} ${JSON.stringify(json)}`).toMatchObject({ status: 409, body: { code: 'conflict' } });
      expect(refused.body.message).toMatch(/your own account/);
    }
    expect((await call('PATCH', `/v1/users/${me.id}`, admin.apiKey, {})).status).toBe(400);
    expect((await call('PATCH', `/v1/users/${me.id}`, admin.apiKey, { role: 'owner' })).body.details).toEqual([
      { path: 'role', message: 'must be one of viewer, editor, admin' },
    ]);
    expect((await call('PATCH', '/v1/users/987654321', admin.apiKey, { role: 'viewer' })).status).toBe(404);
  });
});
