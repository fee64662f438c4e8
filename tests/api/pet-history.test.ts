// GET /v1/pets/{petId}/history (listPetHistory, experimental): a pet's own entries of the
// activity log, newest first and keyset-paged, for anyone who may read the pet (a viewer's
// key included), while the whole log (GET /v1/activity) stays with admins.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@/lib/contract/activity';
import { addPet, api, linkTarget } from '../support/api';
import { addKeysOf, addUser } from '../support/suite-users';

describe('a pet’s history', () => {
  let viewerKey: string;
  let petId: number;
  let otherId: number;

  beforeAll(async () => {
    const email = `history-${randomBytes(6).toString('hex')}@history.test`;
    await addUser(email, 'a history test password', 'viewer');
    viewerKey = (await addKeysOf(email, 'a history test password', [{ name: 'reader', scope: 'read' }]))[0]!.secret;
    const pet = await addPet({ name: 'History Rex', categoryId: 1, status: 'available' });
    petId = pet.id;
    otherId = (await addPet({ name: 'History Other', categoryId: 1 })).id;
    expect((await api('PATCH', `/v1/pets/${petId}`, { json: { name: 'History Rex II' } })).status).toBe(200);
    expect((await api('PUT', `/v1/pets/${petId}/tags`, { json: ['calm'] })).status).toBe(200);
    expect((await api('PATCH', `/v1/pets/${otherId}`, { json: { name: 'History Other II' } })).status).toBe(200);
  });

  it('is that pet’s entries only, newest first, for a viewer’s key; the whole log is refused to it', async () => {
    const answer = await api<ActivityEntry[]>('GET', `/v1/pets/${petId}/history`, { key: viewerKey });
    expect(answer.status).toBe(200);
    expect(answer.body.map((entry) => [entry.resource, entry.resourceId, entry.action])).toEqual([
      ['pet', String(petId), 'update'],
      ['pet', String(petId), 'update'],
      ['pet', String(petId), 'create'],
    ]);
    expect(answer.body[0]!.after).toEqual({ tags: ['calm'] });
    expect(answer.body[1]!.before).toEqual({ name: 'History Rex' });
    expect(answer.body[1]!.after).toEqual({ name: 'History Rex II' });
    expect((await api('GET', `/v1/activity?resource=pet&resourceId=${petId}`, { key: viewerKey })).status).toBe(403);
  });

  it('pages by the Link header', async () => {
    const first = await api<ActivityEntry[]>('GET', `/v1/pets/${petId}/history?limit=2`, { key: viewerKey });
    expect(first.body).toHaveLength(2);
    const next = linkTarget(first.headers, 'next');
    expect(next).toBeDefined();
    const second = await api<ActivityEntry[]>('GET', new URL(next!, 'http://x').pathname + new URL(next!, 'http://x').search, { key: viewerKey });
    expect(second.body.map((entry) => entry.action)).toEqual(['create']);
    expect(linkTarget(second.headers, 'next')).toBeUndefined();
  });

  it('is an empty list for an id without entries, and a 400 for one that is not an id', async () => {
    expect(await api('GET', '/v1/pets/987654321/history', { key: viewerKey })).toMatchObject({ status: 200, body: [] });
    expect((await api('GET', '/v1/pets/abc/history', { key: viewerKey })).status).toBe(400);
    expect((await api('GET', `/v1/pets/${petId}/history?limit=0`, { key: viewerKey })).status).toBe(400);
  });
});
