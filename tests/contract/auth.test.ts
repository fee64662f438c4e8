// Bearer authentication (docs/CONTRACT.md §5, docs/ARCHITECTURE.md, "Authentication"): every
// operation refuses missing, malformed, unknown, expired and revoked keys with
// 401 and an RFC 6750 challenge, refuses a key without the needed scope with
// 403, and checks the key before looking at anything else in the request.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, uniqueCategoryId } from '../support/api';
import { serverWithKeys } from '../support/keys';
import type { SeededServer } from '../support/seeded-server';

const REALM = 'Bearer realm="petstore"';

// One request per operation, valid apart from its credentials.
const operations = [
  ['listPets', 'GET', '/v1/pets', undefined],
  ['createPet', 'POST', '/v1/pets', { name: 'Auth', categoryId: 1 }],
  ['getPet', 'GET', '/v1/pets/1', undefined],
  ['listOrders', 'GET', '/v1/store/orders', undefined],
  ['countPets', 'GET', '/v1/pets/counts', undefined],
  ['updatePet', 'PATCH', '/v1/pets/1', { name: 'Auth' }],
  ['deletePet', 'DELETE', '/v1/pets/1', undefined],
  ['bulkUpdatePets', 'PATCH', '/v1/pets?id=1,2', { status: 'sold' }],
  ['bulkDeletePets', 'DELETE', '/v1/pets?id=1,2', undefined],
  ['listCategories', 'GET', '/v1/categories', undefined],
  ['createCategory', 'POST', '/v1/categories', { name: 'Auth' }],
  ['getCategory', 'GET', '/v1/categories/1', undefined],
  ['updateCategory', 'PATCH', '/v1/categories/1', { name: 'Auth' }],
  ['deleteCategory', 'DELETE', '/v1/categories/1', undefined],
  ['watchChanges', 'GET', '/v1/changes', undefined],
  ['listUsers', 'GET', '/v1/users', undefined],
  ['createUser', 'POST', '/v1/users', { email: 'auth@users.test', password: 'long enough' }],
  ['changeOwnPassword', 'PUT', '/v1/me/password', { currentPassword: 'x', newPassword: 'long enough' }],
] as const;

describe.each(operations)('%s', (_operation, method, path, json) => {
  it('answers 401 with a Bearer challenge and a helpful message when no key is sent', async () => {
    const response = await api(method, path, { key: null, json });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
    expect(response.headers.get('www-authenticate')).toBe(REALM);
    expect(response.body.message).toContain('Authorization: Bearer');
  });

  it.each([
    ['an empty header', ''],
    ['the Basic scheme', 'Basic dXNlcjpwYXNz'],
    ['Bearer with no token', 'Bearer'],
    ['Bearer with a blank token', 'Bearer    '],
    ['two tokens', 'Bearer psk_one psk_two'],
    ['a token with a comma', 'Bearer psk_a,psk_b'],
    ['a token without the scheme', 'psk_just_the_key'],
  ])('answers 401 for %s', async (_case, authorization) => {
    const response = await api(method, path, { authorization, json });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="petstore"/);
  });

  it('explains the expected header when the header is malformed', async () => {
    const response = await api(method, path, { authorization: 'Basic dXNlcjpwYXNz', json });
    expect(response.body.message).toContain('expected `Authorization: Bearer <key>`');
  });

  it('answers 401 with error="invalid_token" for an unknown key', async () => {
    const response = await api(method, path, { key: 'psk_this_key_was_never_issued_0000000000', json });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`${REALM}, error="invalid_token"`);
  });
});

describe('the Bearer scheme', () => {
  it('is matched case-insensitively (RFC 6750 §2.1)', async () => {
    const response = await api('GET', '/v1/pets?limit=1', { authorization: `bearer ${inject('apiKey')}` });
    expect(response.status).toBe(200);
  });

  it('never accepts the key in the query string', async () => {
    const key = inject('apiKey');
    const response = await api('GET', `/v1/pets?access_token=${key}`, { key: null });
    expect(response.status).toBe(401);
  });
});

describe('auth before validation', () => {
  it.each([
    ['a bad body', 'POST', '/v1/pets', { body: '{"name":', contentType: 'application/json' }],
    ['an unknown body field', 'POST', '/v1/pets', { json: { name: 'x', categoryId: 1, id: 3 } }],
    ['a wrong content type', 'POST', '/v1/pets', { body: 'x', contentType: 'text/plain' }],
    ['an oversized body', 'POST', '/v1/pets', { body: 'x'.repeat(70 * 1024), contentType: 'application/json' }],
    ['a bad petId', 'GET', '/v1/pets/abc', {}],
    ['an unknown petId', 'GET', '/v1/pets/9007199254740991', {}],
    ['a bad limit', 'GET', '/v1/pets?limit=0', {}],
    ['a bad cursor', 'GET', '/v1/pets?cursor=nope', {}],
    ['a bad orders limit', 'GET', '/v1/store/orders?limit=500', {}],
  ] as const)('answers 401, not 400/404/413/415, to a request without a key and %s', async (_case, method, path, options) => {
    const response = await api(method, path, { key: null, ...options });
    expect(response.status).toBe(401);
  });
});

describe('keys in other states', () => {
  let server: SeededServer<Record<'read' | 'write' | 'expired' | 'revoked' | 'future', string>>;

  beforeAll(async () => {
    server = await serverWithKeys({
      read: { scopes: ['read'] },
      write: { scopes: ['read', 'write'] },
      expired: { scopes: ['read', 'write'], expiresAt: new Date(Date.now() - 60_000) },
      revoked: { scopes: ['read', 'write'], revoked: true },
      future: { scopes: ['read', 'write'], expiresAt: new Date(Date.now() + 3_600_000) },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it.each(operations)('an expired key gets 401 invalid_token on %s', async (_operation, method, path, json) => {
    const response = await api(method, path, { baseUrl: server.baseUrl, key: server.seed.expired, json });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/expired/);
    expect(response.headers.get('www-authenticate')).toBe(`${REALM}, error="invalid_token"`);
  });

  it.each(operations)('a revoked key gets 401 invalid_token on %s', async (_operation, method, path, json) => {
    const response = await api(method, path, { baseUrl: server.baseUrl, key: server.seed.revoked, json });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/revoked/);
    expect(response.headers.get('www-authenticate')).toBe(`${REALM}, error="invalid_token"`);
  });

  it('a key that expires later still works', async () => {
    const response = await api('GET', '/v1/pets?limit=1', { baseUrl: server.baseUrl, key: server.seed.future });
    expect(response.status).toBe(200);
  });

  it.each([
    ['listPets', '/v1/pets'],
    ['listOrders', '/v1/store/orders'],
    ['countPets', '/v1/pets/counts'],
    ['listCategories', '/v1/categories'],
  ])('a read-only key may call %s', async (_operation, path) => {
    const response = await api('GET', path, { baseUrl: server.baseUrl, key: server.seed.read });
    expect(response.status).toBe(200);
  });

  it('a read-only key may call getPet', async () => {
    const pet = await api('POST', '/v1/pets', { baseUrl: server.baseUrl, key: server.seed.write, json: { name: 'Readable', categoryId: uniqueCategoryId() } });
    const response = await api('GET', `/v1/pets/${pet.body.id}`, { baseUrl: server.baseUrl, key: server.seed.read });
    expect(response.status).toBe(200);
  });

  it('a read-only key gets 403 forbidden on createPet', async () => {
    const response = await api('POST', '/v1/pets', { baseUrl: server.baseUrl, key: server.seed.read, json: { name: 'Forbidden', categoryId: 1 } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect(response.body.message).toContain('write');
  });

  it.each([
    ['updatePet', 'PATCH', '/v1/pets/1', { name: 'Forbidden' }],
    ['deletePet', 'DELETE', '/v1/pets/1', undefined],
    ['bulkUpdatePets', 'PATCH', '/v1/pets?id=1,2', { status: 'sold' }],
    ['bulkDeletePets', 'DELETE', '/v1/pets?id=1,2', undefined],
    ['createCategory', 'POST', '/v1/categories', { name: 'Forbidden' }],
    ['updateCategory', 'PATCH', '/v1/categories/1', { name: 'Forbidden' }],
    ['deleteCategory', 'DELETE', '/v1/categories/1', undefined],
  ])('a read-only key gets 403 forbidden on %s', async (_operation, method, path, json) => {
    const response = await api(method, path, { baseUrl: server.baseUrl, key: server.seed.read, json });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('write');
  });

  it('a read-only key gets 403, not 400, on createPet with a bad body', async () => {
    const response = await api('POST', '/v1/pets', { baseUrl: server.baseUrl, key: server.seed.read, body: '{', contentType: 'application/json' });
    expect(response.status).toBe(403);
  });

  it('a write key may call createPet', async () => {
    const response = await api('POST', '/v1/pets', {
      baseUrl: server.baseUrl,
      key: server.seed.write,
      json: { name: 'Written', categoryId: uniqueCategoryId() },
    });
    expect(response.status).toBe(201);
  });
});
