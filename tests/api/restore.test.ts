// Restore from history over HTTP (POST /v1/activity/{entryId}/restore and the undo of a batch,
// POST /v1/activity/batches/{batchId}/restore): a pet renamed twice back to its first name, a
// restore an open order refuses with its reason, a deleted pet back with its id, tags and
// photos, and a bulk status change of 500 pets (10 requests of 50 sharing one batch) undone
// with the 3 pets changed since left alone and listed.
import { describe, expect, it } from 'vitest';
import { addPet, api, errorOf, uniqueCategoryId } from '../support/api';
import { placeOrder } from '../support/orders';
import { addPhoto, fetchPhotoFile, jpeg, listPhotos, suiteTarget } from '../support/photos';

type Entry = { id: number; action: string; before?: Record<string, unknown>; after?: Record<string, unknown>; batchId?: string; restoredFrom?: number };

/** The pet's activity entries, newest first. */
async function entriesOf(petId: number): Promise<Entry[]> {
  const response = await api<Entry[]>('GET', `/v1/activity?resource=pet&resourceId=${petId}&limit=100`);
  expect(response.status).toBe(200);
  return response.body;
}

const restore = (entryId: number) => api('POST', `/v1/activity/${entryId}/restore`);
const rename = (petId: number, name: string) => api('PATCH', `/v1/pets/${petId}`, { json: { name } });

describe('POST /v1/activity/{entryId}/restore', () => {
  it('sets a pet renamed twice back to its first version, as one new change naming the entry', async () => {
    const pet = await addPet({ name: 'Version 1', categoryId: uniqueCategoryId(), status: 'available' });
    expect((await rename(pet.id, 'Version 2')).status).toBe(200);
    expect((await rename(pet.id, 'Version 3')).status).toBe(200);
    const created = (await entriesOf(pet.id)).find((entry) => entry.action === 'create')!;

    const response = await restore(created.id);
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('restoreActivityEntry');
    expect(response.body).toEqual({ ...pet, name: 'Version 1' });
    const [latest, ...earlier] = await entriesOf(pet.id);
    expect(latest).toMatchObject({ action: 'update', before: { name: 'Version 3' }, after: { name: 'Version 1' }, restoredFrom: created.id });
    // A new change: the history stays as it was.
    expect(earlier.map((entry) => entry.after?.name)).toEqual(['Version 3', 'Version 2', 'Version 1']);
  });

  it('refuses a status while an order is open with the rule’s reason, and changes nothing', async () => {
    const pet = await addPet({ name: 'Ordered', categoryId: uniqueCategoryId(), status: 'sold' });
    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { status: 'available' } })).status).toBe(200);
    const order = await placeOrder(pet.id);
    expect(order.status).toBe(201);
    const created = (await entriesOf(pet.id)).find((entry) => entry.action === 'create')!;
    const before = await entriesOf(pet.id);

    const response = await restore(created.id);
    expect(response.status).toBe(409);
    expect(errorOf(response).message).toBe(
      `Pet ${pet.id} has an open order (order ${order.body.id}, placed), so its status follows that order and cannot change to sold; approve, deliver or cancel the order instead.`,
    );
    expect((await api('GET', `/v1/pets?id=${pet.id}`)).body).toEqual([{ ...pet, status: 'pending' }]);
    expect(await entriesOf(pet.id)).toEqual(before);
  });

  it('brings a deleted pet back from its deletion entry: its id, tags and photos', async () => {
    const category = await api('POST', '/v1/categories', { json: { name: `Phoenix ${uniqueCategoryId()}` } });
    const pet = await addPet({ name: 'Phoenix', categoryId: category.body.id, status: 'available' });
    expect((await api('PUT', `/v1/pets/${pet.id}/tags`, { json: ['fluffy', 'calm'] })).status).toBe(200);
    const photo = await addPhoto(suiteTarget(), pet.id, await jpeg());
    expect((await api('DELETE', `/v1/pets/${pet.id}`)).status).toBe(204);
    // Out of reach while deleted.
    expect((await api('GET', `/v1/pets/${pet.id}/photos`)).status).toBe(404);
    const [deleted] = await entriesOf(pet.id);
    expect(deleted).toMatchObject({ action: 'delete' });

    const response = await restore(deleted!.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(pet);
    expect((await api('GET', `/v1/pets/${pet.id}/tags`)).body).toEqual(['calm', 'fluffy']);
    const photos = await listPhotos(suiteTarget(), pet.id);
    expect(photos.map((each) => each.id)).toEqual([photo.id]);
    expect((await fetchPhotoFile(suiteTarget(), photos[0]!.urls.original)).status).toBe(200);
    expect((await entriesOf(pet.id))[0]).toMatchObject({ action: 'create', restoredFrom: deleted!.id });
  });

  it('answers 404 for an unknown entry and 409 for an entry that is no pet’s', async () => {
    expect((await restore(Number.MAX_SAFE_INTEGER)).status).toBe(404);
    const category = await api('POST', '/v1/categories', { json: { name: `Restore ${uniqueCategoryId()}` } });
    const [entry] = (await api<Entry[]>('GET', `/v1/activity?resource=category&resourceId=${category.body.id}`)).body;
    const response = await restore(entry!.id);
    expect(response.status).toBe(409);
    expect(errorOf(response).message).toMatch(/not of a pet/);
  });
});

describe('POST /v1/activity/batches/{batchId}/restore', () => {
  it('undoes a bulk status change of 500 pets sent as 10 requests, leaving the 3 changed since alone and listed', async () => {
    const categoryId = uniqueCategoryId();
    const pets: { id: number }[] = [];
    for (let start = 0; start < 500; start += 25) {
      pets.push(...(await Promise.all(Array.from({ length: 25 }, (_, index) => addPet({ name: `Undo ${start + index}`, categoryId, status: 'available' })))));
    }
    const ids = pets.map((pet) => pet.id);
    // The first request starts the batch; the nine others join it, two at a time, as the dashboard sends them.
    const sold = async (chunk: number[], joined = '') => {
      const response = await api('PATCH', `/v1/pets?id=${chunk.join(',')}${joined}`, { json: { status: 'sold' } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.results.every((result: { status: number }) => result.status === 200)).toBe(true);
      return response.body.batchId as string;
    };
    const [first, ...others] = Array.from({ length: 10 }, (_, index) => ids.slice(index * 50, index * 50 + 50));
    const batchId = await sold(first!);
    for (let index = 0; index < others.length; index += 2) {
      const joined = await Promise.all(others.slice(index, index + 2).map((chunk) => sold(chunk, `&batchId=${batchId}`)));
      expect(new Set(joined)).toEqual(new Set([batchId]));
    }
    const changedSince = [ids[3]!, ids[250]!, ids[499]!].sort((a, b) => a - b);
    for (const id of changedSince) expect((await rename(id, `Changed since ${id}`)).status).toBe(200);
    const batchEntries = await api<Entry[]>('GET', `/v1/activity?batchId=${batchId}&limit=100`);
    expect(batchEntries.body).toHaveLength(100);
    expect(batchEntries.body.every((entry) => entry.batchId === batchId && entry.after?.status === 'sold')).toBe(true);

    const preview = await api('POST', `/v1/activity/batches/${batchId}/restore?dryRun=true`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ undone: batchId, dryRun: true });
    expect(preview.body.restored).toHaveLength(497);
    expect(preview.body.leftAlone.map((pet: { id: number }) => pet.id)).toEqual(changedSince);
    expect((await api('GET', `/v1/pets/counts?categoryId=${categoryId}`)).body).toMatchObject({ total: 500, sold: 500 });

    const undo = await api('POST', `/v1/activity/batches/${batchId}/restore`);
    expect(undo.status).toBe(200);
    expect(undo.operationId).toBe('undoBatch');
    expect(undo.body.restored).toHaveLength(497);
    expect(undo.body.restored.every((each: { pet: { status: string } }) => each.pet.status === 'available')).toBe(true);
    expect(undo.body.leftAlone).toEqual(
      changedSince.map((id) => ({ id, reason: expect.stringMatching(new RegExp(`^Pet ${id} has changed since the batch \\(entry \\d+, update\\)`)) })),
    );
    expect(undo.body.batchId).not.toBe(batchId);
    expect((await api('GET', `/v1/pets/counts?categoryId=${categoryId}`)).body).toMatchObject({ total: 500, available: 497, sold: 3 });
    // The undo is a batch of its own; the batch undone has nothing left to undo.
    const again = await api('POST', `/v1/activity/batches/${batchId}/restore?dryRun=true`);
    expect(again.body.restored).toEqual([]);
    expect(again.body.leftAlone).toHaveLength(500);
    expect((await api('POST', `/v1/activity/batches/${crypto.randomUUID()}/restore`)).status).toBe(404);
    expect((await api('POST', '/v1/activity/batches/not-a-uuid/restore')).status).toBe(400);
  });
});
