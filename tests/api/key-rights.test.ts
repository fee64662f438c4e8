// What a key may do is decided when its request acts (docs/ROLES.md, "Rights at the moment
// of acting"): a request that sent its headers, then waited while an admin disabled,
// demoted or deleted its user, or revoked its key, is refused when its body arrives, and
// changes nothing. A key never holds more than its session or its maker's role today, and
// one user's keys share one set of caps.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, errorOf } from '../support/api';
import { openChangeStream, type ChangeStream } from '../support/change-stream';
import { signInToDashboard } from '../support/dashboard-session';
import { addKeysOf, addUser, sessionKeyOf } from '../support/suite-users';
import { inject } from 'vitest';

const PASSWORD = 'a key rights test password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@key-rights.test`;
const uniqueName = (label: string) => `${label} ${randomBytes(6).toString('hex')}`;

type Answer = { status: number; body: { code?: string; message?: string } };

/**
 * A request whose headers go now and whose body goes when `finish` is called, as a slow
 * client's would: the server has taken the request (and checked its key) in between.
 */
async function startRequest(method: string, path: string, key: string, json: unknown, extraHeaders = ''): Promise<{ finish: () => Promise<Answer> }> {
  const { hostname, port } = new URL(inject('baseUrl'));
  const body = Buffer.from(JSON.stringify(json));
  const socket = net.connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n${extraHeaders}Connection: close\r\n\r\n`,
  );
  // Long enough for the server to have checked the key and begun to wait for the body.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    finish: async () => {
      socket.write(body);
      await closed;
      const raw = Buffer.concat(chunks).toString('utf8');
      const status = Number(raw.split(' ')[1]);
      return { status, body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Answer['body'] };
    },
  };
}

describe('rights decided when the request acts, not when it began', () => {
  it('refuses a key a disabled editor began to mint, and mints nothing', async () => {
    const email = uniqueEmail('disabled-editor');
    const userId = await addUser(email, PASSWORD, 'editor');
    const session = await sessionKeyOf(email, PASSWORD);
    const name = uniqueName('minted while disabled');
    const request = await startRequest('POST', '/v1/api-keys', session, { name, scope: 'write' });
    expect((await api('PATCH', `/v1/users/${userId}`, { json: { disabled: true } })).status).toBe(200);
    const answer = await request.finish();
    expect(answer).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const keys = await api<{ name: string }[]>('GET', '/v1/api-keys');
    expect(keys.body.map((key) => key.name)).not.toContain(name);
  });

  it('refuses an admin demoted mid-request the admin they were making', async () => {
    const email = uniqueEmail('demoted-admin');
    const userId = await addUser(email, PASSWORD, 'admin');
    // Another admin, so that the demotion never meets the last-admin rule.
    await addUser(uniqueEmail('another-admin'), PASSWORD, 'admin');
    const session = await sessionKeyOf(email, PASSWORD);
    const newAdmin = uniqueEmail('would-be-admin');
    const request = await startRequest('POST', '/v1/users', session, { email: newAdmin, password: PASSWORD, role: 'admin' });
    expect((await api('PATCH', `/v1/users/${userId}`, { json: { role: 'viewer' } })).status).toBe(200);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const users = await api<{ email: string }[]>('GET', '/v1/users');
    expect(users.body.map((user) => user.email)).not.toContain(newAdmin);
  });

  it('lands no write of a key revoked while its body was on the way', async () => {
    const email = uniqueEmail('revoked-writer');
    await addUser(email, PASSWORD, 'editor');
    const [writeKey] = await addKeysOf(email, PASSWORD, [{ name: 'a write key', scope: 'write' }]);
    const name = uniqueName('written after revoke');
    const request = await startRequest('POST', '/v1/pets', writeKey!.secret, { name, categoryId: 1 });
    expect((await api('DELETE', `/v1/api-keys/${writeKey!.id}`)).status).toBe(200);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const found = await api<unknown[]>('GET', `/v1/pets?name=${encodeURIComponent(name)}`);
    expect(found.body).toEqual([]);
  });

  it('refuses (401, not 500) a keyed create of a key revoked mid-request, and stores nothing', async () => {
    const email = uniqueEmail('revoked-keyed-writer');
    await addUser(email, PASSWORD, 'editor');
    const [writeKey] = await addKeysOf(email, PASSWORD, [{ name: 'a write key', scope: 'write' }]);
    const name = uniqueName('keyed after revoke');
    const request = await startRequest(
      'POST',
      '/v1/pets',
      writeKey!.secret,
      { name, categoryId: 1 },
      `Idempotency-Key: ${uniqueName('key').replace(' ', '-')}\r\n`,
    );
    expect((await api('DELETE', `/v1/api-keys/${writeKey!.id}`)).status).toBe(200);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await api<unknown[]>('GET', `/v1/pets?name=${encodeURIComponent(name)}`)).body).toEqual([]);
  });

  it('refuses a pet change of a key revoked mid-request, and changes nothing', async () => {
    const email = uniqueEmail('revoked-patcher');
    await addUser(email, PASSWORD, 'editor');
    const [writeKey] = await addKeysOf(email, PASSWORD, [{ name: 'a write key', scope: 'write' }]);
    const pet = await api<{ id: number; name: string }>('POST', '/v1/pets', { json: { name: uniqueName('kept'), categoryId: 1 } });
    const request = await startRequest('PATCH', `/v1/pets/${pet.body.id}`, writeKey!.secret, { name: 'renamed after revoke' });
    expect((await api('DELETE', `/v1/api-keys/${writeKey!.id}`)).status).toBe(200);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await api<{ name: string }>('GET', `/v1/pets/${pet.body.id}`)).body.name).toBe(pet.body.name);
  });

  it("refuses a change of tags of a key revoked mid-request: the pet's tags and the tag list stay as they were", async () => {
    const email = uniqueEmail('revoked-tagger');
    await addUser(email, PASSWORD, 'editor');
    const [writeKey] = await addKeysOf(email, PASSWORD, [{ name: 'a write key', scope: 'write' }]);
    const pet = await api<{ id: number }>('POST', '/v1/pets', { json: { name: uniqueName('untagged'), categoryId: 1 } });
    const tag = uniqueName('never');
    const request = await startRequest('PUT', `/v1/pets/${pet.body.id}/tags`, writeKey!.secret, [tag]);
    expect((await api('DELETE', `/v1/api-keys/${writeKey!.id}`)).status).toBe(200);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await api('GET', `/v1/pets/${pet.body.id}/tags`)).body).toEqual([]);
    // Written later by another pet, the tag takes that pet's spelling: the refused change registered none.
    const other = await api<{ id: number }>('POST', '/v1/pets', { json: { name: uniqueName('tagged'), categoryId: 1 } });
    expect((await api('PUT', `/v1/pets/${other.body.id}/tags`, { json: [tag.toUpperCase()] })).body).toEqual([tag.toUpperCase()]);
  });

  it('answers 401, not 500, when the user is deleted mid-request', async () => {
    const email = uniqueEmail('deleted-midway');
    const userId = await addUser(email, PASSWORD, 'editor');
    const session = await sessionKeyOf(email, PASSWORD);
    const request = await startRequest('POST', '/v1/api-keys', session, { name: uniqueName('minted while deleted'), scope: 'read' });
    expect((await api('DELETE', `/v1/users/${userId}`)).status).toBe(204);
    expect(await request.finish()).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });
});

describe('a key is never more than the session that makes it', () => {
  it('lets a session on a temporary password make read keys only', async () => {
    const email = uniqueEmail('temporary');
    const userId = await addUser(email, PASSWORD, 'editor');
    const reset = await api<{ temporaryPassword: string }>('POST', `/v1/users/${userId}/password-reset`);
    const session = await signInToDashboard(inject('baseUrl'), email, reset.body.temporaryPassword);
    expect(session?.mustChangePassword).toBe(true);
    const write = await api('POST', '/v1/api-keys', { key: session!.apiKey, json: { name: 'write, on a temporary password', scope: 'write' } });
    expect(write.status).toBe(403);
    expect(errorOf(write).message).toMatch(/"read" scope at most/);
    const read = await api('POST', '/v1/api-keys', { key: session!.apiKey, json: { name: 'read, on a temporary password', scope: 'read' } });
    expect(read.status).toBe(201);
  });
});

describe("one user's keys share the user's caps", () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('many-keys');
    await addUser(email, PASSWORD, 'viewer');
  });

  it('refuses (409) a key beyond the live keys one user may hold, and takes one again after a revoke', async () => {
    const session = await sessionKeyOf(email, PASSWORD);
    const made: number[] = [];
    for (let index = 0; index < 25; index++) {
      const answer = await api<{ id: number }>('POST', '/v1/api-keys', { key: session, json: { name: `key ${index}`, scope: 'read' } });
      expect(answer.status, `key ${index}`).toBe(201);
      made.push(answer.body.id);
    }
    const refused = await api('POST', '/v1/api-keys', { key: session, json: { name: 'one too many', scope: 'read' } });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toMatch(/25 live API keys.*revoke one/);
    expect((await api('DELETE', `/v1/api-keys/${made[0]}`, { key: session })).status).toBe(200);
    expect((await api('POST', '/v1/api-keys', { key: session, json: { name: 'after a revoke', scope: 'read' } })).status).toBe(201);
  });

  it("counts the change streams of all of a user's keys together (429 past the user's cap)", async () => {
    const other = uniqueEmail('streams');
    await addUser(other, PASSWORD, 'viewer');
    const [first, second] = await addKeysOf(other, PASSWORD, [
      { name: 'streams 1', scope: 'read' },
      { name: 'streams 2', scope: 'read' },
    ]);
    const streams: ChangeStream[] = [];
    try {
      for (let index = 0; index < 20; index++) streams.push(await openChangeStream({ key: index < 10 ? first!.secret : second!.secret }));
      const [third] = await addKeysOf(other, PASSWORD, [{ name: 'streams 3', scope: 'read' }]);
      const refused = await api('GET', '/v1/changes', { key: third!.secret });
      expect(refused.status).toBe(429);
      expect(errorOf(refused).message).toMatch(/PETSTORE_CHANGE_STREAMS_PER_USER/);
      // Another user's dashboard is not starved by it.
      const bystander = await openChangeStream();
      streams.push(bystander);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
