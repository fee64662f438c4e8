// /v1/users and /v1/me/password: adding dashboard users (admin) and changing
// one's own password with the current one, over HTTP.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { signInToDashboard } from '../support/dashboard-session';
import type { SeededServer } from '../support/seeded-server';
import { addUser, sessionKeyOf, suiteServerWith } from '../support/suite-users';

const PASSWORD = 'the first password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@users.test`;

describe('dashboard users', () => {
  // Users signed in to the dashboard (their sessions' keys), and a key with the write scope only.
  let server: SeededServer<{ sessionKey: string; otherSessionKey: string; twoSessionKeys: [string, string]; writeKey: string }>;

  beforeAll(async () => {
    const signedInAdmin = async (email: string) => {
      await addUser(email, PASSWORD, 'admin');
      return sessionKeyOf(email, PASSWORD);
    };
    const writer = await api<{ key: string }>('POST', '/v1/api-keys', { json: { name: 'writer', scope: 'write' } });
    expect(writer.status).toBe(201);
    // One user signed in twice (say, laptop and phone).
    const twice = uniqueEmail('twice');
    const laptop = await signedInAdmin(twice);
    const twoSessionKeys: [string, string] = [laptop, await sessionKeyOf(twice, PASSWORD)];
    server = suiteServerWith({
      sessionKey: await signedInAdmin(uniqueEmail('me')),
      otherSessionKey: await signedInAdmin(uniqueEmail('other')),
      twoSessionKeys,
      writeKey: writer.body.key,
    });
  });

  const call = (method: string, path: string, key: string, json?: unknown) => api(method, path, { baseUrl: server.baseUrl, key, json });

  it('adds a user (email trimmed and lower-cased) who is then listed, and refuses the same email twice', async () => {
    const email = uniqueEmail('New');
    const created = await call('POST', '/v1/users', server.seed.sessionKey, { email: `  ${email} `, password: 'long enough!' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: email.toLowerCase() });
    expect(created.headers.get('location')).toBe(`/v1/users/${created.body.id}`);
    expect(JSON.stringify(created.body)).not.toContain('long enough!');

    const listed = await call('GET', '/v1/users', server.seed.sessionKey);
    expect(listed.body.map((user: { email: string }) => user.email)).toContain(email.toLowerCase());

    const again = await call('POST', '/v1/users', server.seed.sessionKey, { email: email.toUpperCase(), password: 'another one' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A user with email ${email.toLowerCase()} exists already.`);
  });

  it('makes a user an admin added with a password replace it at their first sign-in, reading only until then', async () => {
    const email = uniqueEmail('first');
    const created = await call('POST', '/v1/users', server.seed.sessionKey, { email, password: 'set by the admin', role: 'editor' });
    expect(created.body).toMatchObject({ role: 'editor', mustChangePassword: true, lastSignInAt: null });
    const first = (await signInToDashboard(server.baseUrl, email, 'set by the admin'))!;
    expect(first.mustChangePassword).toBe(true);
    expect((await call('POST', '/v1/pets', first.apiKey, { name: 'Not yet', categoryId: 1 })).status).toBe(403);
    expect((await call('PUT', '/v1/me/password', first.apiKey, { currentPassword: 'set by the admin', newPassword: 'their own one' })).status).toBe(204);
    const own = (await signInToDashboard(server.baseUrl, email, 'their own one'))!;
    expect(own).toMatchObject({ mustChangePassword: false, role: 'editor' });
    expect((await call('POST', '/v1/pets', own.apiKey, { name: 'Now they may', categoryId: 1 })).status).toBe(201);
  });

  it('lists each user with their last successful sign-in, and a failed one leaves it as it was', async () => {
    const email = uniqueEmail('last');
    await addUser(email, PASSWORD, 'viewer');
    const lastSignInOf = async () =>
      (await call('GET', '/v1/users', server.seed.sessionKey)).body.find((user: { email: string }) => user.email === email).lastSignInAt as string;
    const before = Date.now();
    await sessionKeyOf(email, PASSWORD);
    const signedIn = await lastSignInOf();
    expect(new Date(signedIn).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await signInToDashboard(server.baseUrl, email, 'not the password')).toBeUndefined();
    expect(await lastSignInOf()).toBe(signedIn);
    await sessionKeyOf(email, PASSWORD);
    expect(new Date(await lastSignInOf()).getTime()).toBeGreaterThan(new Date(signedIn).getTime());
  });

  it.each([
    [{ email: 'not an email', password: 'long enough' }, 'email', 'must be an email address'],
    // What OpenAPI's `format: email` refuses too: a domain label ending in `-`, a local part over 64 characters.
    [{ email: 'repro@a-.example.com', password: 'long enough' }, 'email', 'must be an email address'],
    [{ email: `${'a'.repeat(65)}@users.test`, password: 'long enough' }, 'email', 'must be an email address'],
    [{ email: 'short@users.test', password: 'short' }, 'password', 'must be at least 8 characters'],
    [{ email: 'extra@users.test', password: 'long enough', admin: true }, 'admin', 'is not a known field'],
  ])('refuses the new user %j naming %s', async (body, path, message) => {
    const refused = await call('POST', '/v1/users', server.seed.sessionKey, body);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual({ path, message });
  });

  it('refuses to add users with a key that lacks the admin scope (403)', async () => {
    const refused = await call('POST', '/v1/users', server.seed.writeKey, { email: uniqueEmail('x'), password: 'long enough' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('changes your own password only with the right current one', async () => {
    const wrong = await call('PUT', '/v1/me/password', server.seed.otherSessionKey, { currentPassword: 'not it', newPassword: 'a new password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'currentPassword', message: 'is not correct' }]);

    const changed = await call('PUT', '/v1/me/password', server.seed.otherSessionKey, { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(changed.status).toBe(204);

    // The old password no longer counts as the current one; the new one does.
    const withOld = await call('PUT', '/v1/me/password', server.seed.otherSessionKey, { currentPassword: PASSWORD, newPassword: 'a third password' });
    expect(withOld.status).toBe(400);
    const withNew = await call('PUT', '/v1/me/password', server.seed.otherSessionKey, { currentPassword: 'a new password', newPassword: 'a third password' });
    expect(withNew.status).toBe(204);
  });

  it("ends the user's other sessions, and keeps the one that made the change", async () => {
    const [laptop, phone] = server.seed.twoSessionKeys;
    expect((await call('GET', '/v1/pets?limit=1', phone)).status).toBe(200);
    const changed = await call('PUT', '/v1/me/password', laptop, { currentPassword: PASSWORD, newPassword: 'after the change' });
    expect(changed.status).toBe(204);
    const refused = await call('GET', '/v1/pets?limit=1', phone);
    expect(refused).toMatchObject({ status: 401, body: { message: 'The API key has been revoked.' } });
    expect((await call('GET', '/v1/pets?limit=1', laptop)).status).toBe(200);
  });

  it.each([
    [{ currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword', 'must be at least 8 characters'],
    [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'newPassword', 'must differ from the current password'],
    [{ newPassword: 'a new password' }, 'currentPassword', 'is required'],
  ])('refuses the password change %j naming %s', async (body, path, message) => {
    const refused = await call('PUT', '/v1/me/password', server.seed.sessionKey, body);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toContainEqual({ path, message });
  });

  it('refuses a password change to a key that belongs to no user (403)', async () => {
    const refused = await call('PUT', '/v1/me/password', server.bootstrapKey, { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(refused.body.message).toMatch(/belongs to no dashboard user/);
  });
});
