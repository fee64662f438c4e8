// Roles over HTTP (docs/ROLES.md): each role signs in through the dashboard's
// own sign-in, and its session's key, used straight against /v1, is refused
// (403) everything the role lacks and allowed the rest. Bodies and ids are
// chosen so that an allowed call is refused later (400, 404): nothing changes.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { may, ROLES, type OperationId, type Role } from '@/lib/contract/roles';
import { api } from '../support/api';
import { signInToDashboard, type DashboardSession } from '../support/dashboard-session';
import type { SeededServer } from '../support/seeded-server';
import { addKeysOf, addUser, suiteServerWith } from '../support/suite-users';

const PASSWORD = 'a role test password';
const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@roles.test`;
const NO_SUCH_ID = 987_654_321;

// Every operation a role may lack, with the least role that may do it.
const OPERATIONS: { operation: OperationId; method: string; path: string; json?: unknown; least: Role }[] = [
  { operation: 'listPets', method: 'GET', path: '/v1/pets?limit=1', least: 'viewer' },
  { operation: 'countPets', method: 'GET', path: '/v1/pets/counts', least: 'viewer' },
  { operation: 'getPet', method: 'GET', path: `/v1/pets/${NO_SUCH_ID}`, least: 'viewer' },
  { operation: 'listCategories', method: 'GET', path: '/v1/categories?limit=1', least: 'viewer' },
  { operation: 'getCategory', method: 'GET', path: `/v1/categories/${NO_SUCH_ID}`, least: 'viewer' },
  { operation: 'listOrders', method: 'GET', path: '/v1/store/orders?limit=1', least: 'viewer' },
  { operation: 'getOrder', method: 'GET', path: `/v1/store/orders/${NO_SUCH_ID}`, least: 'viewer' },
  { operation: 'listPetPhotos', method: 'GET', path: `/v1/pets/${NO_SUCH_ID}/photos`, least: 'viewer' },
  { operation: 'getPetPhoto', method: 'GET', path: `/v1/pets/${NO_SUCH_ID}/photos/1`, least: 'viewer' },
  { operation: 'listTags', method: 'GET', path: '/v1/tags?limit=1', least: 'viewer' },
  { operation: 'getPetTags', method: 'GET', path: `/v1/pets/${NO_SUCH_ID}/tags`, least: 'viewer' },
  { operation: 'replacePetTags', method: 'PUT', path: `/v1/pets/${NO_SUCH_ID}/tags`, json: ['x'], least: 'editor' },
  { operation: 'createPet', method: 'POST', path: '/v1/pets', json: {}, least: 'editor' },
  { operation: 'addPetPhoto', method: 'POST', path: `/v1/pets/${NO_SUCH_ID}/photos`, json: {}, least: 'editor' },
  { operation: 'movePetPhoto', method: 'PATCH', path: `/v1/pets/${NO_SUCH_ID}/photos/1`, json: { position: 0 }, least: 'editor' },
  { operation: 'deletePetPhoto', method: 'DELETE', path: `/v1/pets/${NO_SUCH_ID}/photos/1`, least: 'editor' },
  { operation: 'updatePet', method: 'PATCH', path: `/v1/pets/${NO_SUCH_ID}`, json: { name: 'x' }, least: 'editor' },
  { operation: 'deletePet', method: 'DELETE', path: `/v1/pets/${NO_SUCH_ID}`, least: 'editor' },
  { operation: 'bulkUpdatePets', method: 'PATCH', path: `/v1/pets?id=${NO_SUCH_ID}`, json: { name: 'x' }, least: 'editor' },
  { operation: 'bulkDeletePets', method: 'DELETE', path: `/v1/pets?id=${NO_SUCH_ID}`, least: 'editor' },
  { operation: 'createImport', method: 'POST', path: '/v1/pets/imports', least: 'editor' },
  { operation: 'listImports', method: 'GET', path: '/v1/pets/imports?limit=1', least: 'viewer' },
  { operation: 'getImport', method: 'GET', path: `/v1/pets/imports/${NO_SUCH_ID}`, least: 'viewer' },
  { operation: 'cancelImport', method: 'DELETE', path: `/v1/pets/imports/${NO_SUCH_ID}`, least: 'editor' },
  { operation: 'getImportErrors', method: 'GET', path: `/v1/pets/imports/${NO_SUCH_ID}/errors`, least: 'viewer' },
  { operation: 'listPetHistory', method: 'GET', path: `/v1/pets/${NO_SUCH_ID}/history`, least: 'viewer' },
  { operation: 'createCategory', method: 'POST', path: '/v1/categories', json: {}, least: 'editor' },
  { operation: 'updateCategory', method: 'PATCH', path: `/v1/categories/${NO_SUCH_ID}`, json: { name: 'x' }, least: 'editor' },
  { operation: 'placeOrder', method: 'POST', path: '/v1/store/orders', json: {}, least: 'editor' },
  { operation: 'updateOrder', method: 'PATCH', path: `/v1/store/orders/${NO_SUCH_ID}`, json: { status: 'approved' }, least: 'editor' },
  { operation: 'restoreActivityEntry', method: 'POST', path: `/v1/activity/${NO_SUCH_ID}/restore`, least: 'editor' },
  { operation: 'undoBatch', method: 'POST', path: '/v1/activity/batches/00000000-0000-4000-8000-000000000000/restore', least: 'editor' },
  { operation: 'listUsers', method: 'GET', path: '/v1/users', least: 'admin' },
  { operation: 'createUser', method: 'POST', path: '/v1/users', json: {}, least: 'admin' },
  { operation: 'updateUser', method: 'PATCH', path: `/v1/users/${NO_SUCH_ID}`, json: { role: 'viewer' }, least: 'admin' },
  { operation: 'deleteUser', method: 'DELETE', path: `/v1/users/${NO_SUCH_ID}`, least: 'admin' },
  { operation: 'resetUserPassword', method: 'POST', path: `/v1/users/${NO_SUCH_ID}/password-reset`, least: 'admin' },
];
const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

// The permission table the dashboard and the OpenAPI document read says what this file finds the server enforcing.
it.each(OPERATIONS)('the permission table gives $operation to $least and up', ({ operation, least }) => {
  for (const role of ROLES) expect(may(role, operation), role).toBe(RANK[role] >= RANK[least]);
});

describe('roles, enforced on /v1 through the session key', () => {
  let server: SeededServer<Record<Role, string> & { othersKeyId: number }>;
  const sessions = {} as Record<Role, DashboardSession>;

  beforeAll(async () => {
    const emails = {} as Record<Role, string>;
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      emails[role] = uniqueEmail(role);
      await addUser(emails[role], PASSWORD, role);
    }
    const other = uniqueEmail('other');
    await addUser(other, PASSWORD, 'editor');
    const [othersKey] = await addKeysOf(other, PASSWORD, [{ name: 'another user’s key', scope: 'read' }]);
    server = suiteServerWith({ ...emails, othersKeyId: othersKey!.id });
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const session = await signInToDashboard(server.baseUrl, server.seed[role], PASSWORD);
      expect(session, `${role} signs in`).toBeDefined();
      sessions[role] = session!;
    }
  });

  const call = (method: string, path: string, key: string, json?: unknown) => api(method, path, { baseUrl: server.baseUrl, key, json });

  it('gives each session its role', () => {
    for (const role of ['viewer', 'editor', 'admin'] as const) expect(sessions[role].role).toBe(role);
  });

  for (const role of ['viewer', 'editor', 'admin'] as const) {
    it(`refuses a ${role} (403) exactly what the role lacks`, async () => {
      for (const operation of OPERATIONS) {
        const answer = await call(operation.method, operation.path, sessions[role].apiKey, operation.json);
        const label = `${role}: ${operation.method} ${operation.path} -> ${answer.status}`;
        if (RANK[role] < RANK[operation.least]) expect(answer, label).toMatchObject({ status: 403, body: { code: 'forbidden' } });
        else expect([200, 400, 404], label).toContain(answer.status);
      }
    });
  }

  it('lets a user make keys no wider than their role, and shows each their own', async () => {
    const viewer = sessions.viewer.apiKey;
    const refused = await call('POST', '/v1/api-keys', viewer, { name: 'too wide', scope: 'write' });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: 'You may make keys with the "read" scope at most: a key is never more than your role and your session allow.' },
    });
    const made = await call('POST', '/v1/api-keys', viewer, { name: 'viewer’s reader', scope: 'read' });
    expect(made.status).toBe(201);
    expect(made.body.madeBy).toMatchObject({ kind: 'user', email: server.seed.viewer.toLowerCase() });
    expect((await call('GET', '/v1/pets?limit=1', made.body.key)).status).toBe(200);
    expect((await call('POST', '/v1/pets', made.body.key, {})).status).toBe(403);

    const editorsKey = await call('POST', '/v1/api-keys', sessions.editor.apiKey, { name: 'editor’s writer', scope: 'write' });
    expect(editorsKey.status).toBe(201);

    const viewersList = await call('GET', '/v1/api-keys', viewer);
    expect(viewersList.body.map((key: { id: number }) => key.id)).toEqual([made.body.id]);
    const adminsList = await call('GET', '/v1/api-keys', sessions.admin.apiKey);
    const listed = adminsList.body.map((key: { id: number }) => key.id);
    expect(listed).toEqual(expect.arrayContaining([made.body.id, editorsKey.body.id, server.seed.othersKeyId]));

    // Another's key is not a viewer's to revoke (not even to know of); an admin may.
    expect((await call('DELETE', `/v1/api-keys/${server.seed.othersKeyId}`, viewer)).status).toBe(404);
    expect((await call('DELETE', `/v1/api-keys/${made.body.id}`, viewer)).status).toBe(200);
    expect((await call('DELETE', `/v1/api-keys/${editorsKey.body.id}`, sessions.admin.apiKey)).status).toBe(200);
  });

  it('refuses to revoke the bootstrap key through the API (409, with the reason)', async () => {
    const keys = await call('GET', '/v1/api-keys', server.bootstrapKey);
    const bootstrap = keys.body.find((key: { madeBy?: { kind: string } }) => key.madeBy?.kind === 'config');
    expect(bootstrap).toBeDefined();
    for (const key of [server.bootstrapKey, sessions.admin.apiKey]) {
      const refused = await call('DELETE', `/v1/api-keys/${bootstrap.id}`, key);
      expect(refused).toMatchObject({ status: 409, body: { code: 'conflict' } });
      expect(refused.body.message).toMatch(/bootstrap key is configuration/);
    }
    expect((await call('GET', '/v1/pets?limit=1', server.bootstrapKey)).status).toBe(200);
  });

  it('keeps key management from keys made by hand without the admin scope (403, as before roles)', async () => {
    const writer = await call('POST', '/v1/api-keys', server.bootstrapKey, { name: 'cli-like writer', scope: 'write' });
    expect(writer.body.madeBy).toEqual({ kind: 'bootstrap' });
    for (const [method, path] of [
      ['GET', '/v1/api-keys'],
      ['POST', '/v1/api-keys'],
      ['DELETE', '/v1/api-keys/1'],
      ['DELETE', '/v1/me/sessions'],
    ]) {
      expect((await call(method!, path!, writer.body.key, method === 'POST' ? { name: 'x', scope: 'read' } : undefined)).status, `${method} ${path}`).toBe(403);
    }
  });
});
