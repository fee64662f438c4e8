// PATCH and DELETE /v1/pets?id=1,2,3 (experimental batch change and delete):
// each pet changed on its own, under the single operation's rules, with its
// own activity entry and change event; one result per id, in the order asked;
// a request wrong as a whole is a 400 that changes nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPet, api, errorOf, uniqueCategoryId, type ApiOptions } from '../support/api';
import { changeOf, openChangeStream } from '../support/change-stream';
import { serverWithKeys } from '../support/keys';
import type { SeededServer } from '../support/seeded-server';

type Pet = { id: number; name: string; categoryId: number; status?: string };
type Result = { id: number; status: number; pet?: Pet; error?: { code: string; message: string; status: number } };

const NO_SUCH_ID = Number.MAX_SAFE_INTEGER;
const requestId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

const patchMany = (ids: number[], json: unknown, options: ApiOptions = {}) =>
  api<{ results: Result[] }>('PATCH', `/v1/pets?id=${ids.join(',')}`, { ...options, json });
const deleteMany = (ids: number[], options: ApiOptions = {}) => api<{ results: Result[] }>('DELETE', `/v1/pets?id=${ids.join(',')}`, options);

async function placeOrder(petId: number): Promise<number> {
  const response = await api('POST', '/v1/store/orders', { json: { petId } });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function available(count: number, name = 'Bulk'): Promise<Pet[]> {
  const categoryId = uniqueCategoryId();
  const pets: Pet[] = [];
  for (let index = 0; index < count; index++) pets.push(await addPet({ name: `${name} ${index}`, categoryId, status: 'available' }));
  return pets;
}

async function current(pets: Pet[]): Promise<Pet[]> {
  const response = await api<Pet[]>('GET', `/v1/pets?id=${pets.map((pet) => pet.id).join(',')}`);
  return response.body;
}

/** The activity entries of this request about these pets. */
async function entriesOf(id: string, pets: Pet[]) {
  const entries = [];
  for (const pet of pets) {
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.status).toBe(200);
    entries.push(...history.body.filter((entry: { requestId?: string }) => entry.requestId === id));
  }
  return entries;
}

describe('PATCH /v1/pets?id=… (bulkUpdatePets)', () => {
  it('changes each pet on its own and answers one result per id, in the order asked', async () => {
    const [plain, ordered, other] = await available(3);
    const orderId = await placeOrder(ordered!.id);
    const asked = [other!.id, NO_SUCH_ID, ordered!.id, plain!.id];
    const response = await patchMany(asked, { status: 'sold' });
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('bulkUpdatePets');
    expect(response.body.results.map((result) => [result.id, result.status])).toEqual([
      [other!.id, 200],
      [NO_SUCH_ID, 404],
      [ordered!.id, 409],
      [plain!.id, 200],
    ]);
    const [changed, unknown, refused] = response.body.results;
    expect(changed!.pet).toEqual({ ...other, status: 'sold' });
    expect(unknown!.error).toEqual({ code: 'not_found', message: `No pet has id ${NO_SUCH_ID}.`, status: 404 });
    // The very refusal a single PATCH answers.
    const single = await api('PATCH', `/v1/pets/${ordered!.id}`, { json: { status: 'sold' } });
    expect(refused!.error).toEqual(single.body);
    expect(refused!.error!.message).toContain(`order ${orderId}`);
    expect(await current([plain!, ordered!, other!])).toEqual([
      { ...plain, status: 'sold' },
      { ...ordered, status: 'pending' },
      { ...other, status: 'sold' },
    ]);
  });

  it('refuses pending for each pet, as a single PATCH does, and changes none', async () => {
    const pets = await available(2);
    const response = await patchMany(
      pets.map((pet) => pet.id),
      { status: 'pending' },
    );
    expect(response.status).toBe(200);
    for (const result of response.body.results) {
      expect(result.status).toBe(409);
      expect(result.error).toMatchObject({ code: 'conflict', status: 409, message: expect.stringContaining('cannot be made pending by hand') });
    }
    expect(await current(pets)).toEqual(pets);
  });

  it('answers the same request again with 200 for each pet: a status equal to the current one is no change', async () => {
    const pets = await available(3);
    const ids = pets.map((pet) => pet.id);
    expect((await patchMany(ids, { status: 'sold' })).body.results.map((result) => result.status)).toEqual([200, 200, 200]);
    const again = await patchMany(ids, { status: 'sold' });
    expect(again.body.results).toEqual(pets.map((pet) => ({ id: pet.id, status: 200, pet: { ...pet, status: 'sold' } })));
  });

  it('takes every field of a single PATCH, and counts a repeated id once', async () => {
    const [pet] = await available(1);
    const categoryId = uniqueCategoryId();
    const response = await patchMany([pet!.id, pet!.id], { name: '  Renamed  ', categoryId, status: null });
    expect(response.body.results).toEqual([{ id: pet!.id, status: 200, pet: { id: pet!.id, name: 'Renamed', categoryId } }]);
  });

  it('writes one activity entry per changed pet, none for a refused one, each naming the request', async () => {
    const pets = await available(3);
    await placeOrder(pets[1]!.id);
    const id = requestId('bulk-patch');
    const response = await patchMany(
      pets.map((pet) => pet.id),
      { status: 'sold' },
      { headers: { 'x-request-id': id } },
    );
    expect(response.body.results.map((result) => result.status)).toEqual([200, 409, 200]);
    const entries = await entriesOf(id, pets);
    expect(entries.map((entry) => [entry.resourceId, entry.action, entry.before, entry.after])).toEqual([
      [String(pets[0]!.id), 'update', { status: 'available' }, { status: 'sold' }],
      [String(pets[2]!.id), 'update', { status: 'available' }, { status: 'sold' }],
    ]);
  });

  it('tells the change feed of each changed pet', async () => {
    const stream = await openChangeStream();
    try {
      await stream.waitFor((event) => event.event === 'ready', 5_000);
      const pets = await available(3);
      expect(
        (
          await patchMany(
            pets.map((pet) => pet.id),
            { status: 'sold' },
          )
        ).status,
      ).toBe(200);
      for (const pet of pets) await stream.waitFor(changeOf('pet', 'updated', pet.id));
    } finally {
      stream.close();
    }
  });

  it.each([
    ['an unknown status', { status: 'lost' }, 'status'],
    ['an unknown field', { colour: 'brown' }, 'colour'],
    ['an empty name', { name: ' ' }, 'name'],
  ])('refuses a patch with %s with 400 and changes no pet', async (_case, body, path) => {
    const pets = await available(2);
    const response = await patchMany(
      pets.map((pet) => pet.id),
      body,
    );
    expect(response.status).toBe(400);
    expect(errorOf(response).details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect(await current(pets)).toEqual(pets);
  });

  it('refuses a body that is not JSON with 400 and changes no pet', async () => {
    const pets = await available(2);
    const response = await api('PATCH', `/v1/pets?id=${pets.map((pet) => pet.id).join(',')}`, { body: '{"status": "sold"', contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not valid JSON/);
    expect(await current(pets)).toEqual(pets);
  });

  it('refuses more than 100 ids with 400 and changes no pet', async () => {
    const [pet] = await available(1);
    const ids = [pet!.id, ...Array.from({ length: 100 }, (_, index) => NO_SUCH_ID - index)];
    const response = await patchMany(ids, { status: 'sold' });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe('Invalid query parameter: id lists 101 ids; at most 100 are allowed.');
    expect(await current([pet!])).toEqual([pet]);
  });

  it.each(['', '0', '1,,2', 'abc'])('refuses id=%j with 400 naming id', async (value) => {
    const response = await api('PATCH', `/v1/pets?id=${encodeURIComponent(value)}`, { json: { status: 'sold' } });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'id' })]);
  });

  it('without id is the collection’s 405 (it takes GET and POST), and changes no pet', async () => {
    const [pet] = await available(1);
    const response = await api('PATCH', '/v1/pets', { json: { status: 'sold' } });
    expect(response.status).toBe(405);
    expect(response.body.code).toBe('method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(await current([pet!])).toEqual([pet]);
  });

  it('refuses an empty id list with 400', async () => {
    const response = await api('PATCH', '/v1/pets?id=', { json: { status: 'sold' } });
    expect(response.status).toBe(400);
  });

  it.each(['status=available', 'limit=5', 'name=Bulk'])('refuses id with %s: no filter narrows a change', async (other) => {
    const [pet] = await available(1);
    const response = await api('PATCH', `/v1/pets?id=${pet!.id}&${other}`, { json: { status: 'sold' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`Invalid query parameter: id cannot be combined with ${other.split('=')[0]}.`);
    expect(await current([pet!])).toEqual([pet]);
  });
});

describe('DELETE /v1/pets?id=… (bulkDeletePets)', () => {
  it('deletes each pet no order references and keeps the others, one result per id in the order asked', async () => {
    const [free, ordered, another] = await available(3);
    const orderId = await placeOrder(ordered!.id);
    await api('PATCH', `/v1/store/orders/${orderId}`, { json: { status: 'cancelled' } });
    const id = requestId('bulk-delete');
    const response = await deleteMany([ordered!.id, free!.id, NO_SUCH_ID, another!.id], { headers: { 'x-request-id': id } });
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('bulkDeletePets');
    expect(response.body.results).toEqual([
      {
        id: ordered!.id,
        status: 409,
        error: {
          code: 'conflict',
          status: 409,
          message: `Pet ${ordered!.id} cannot be deleted: order ${orderId} references it, and orders are kept as history.`,
        },
      },
      { id: free!.id, status: 204 },
      { id: NO_SUCH_ID, status: 404, error: { code: 'not_found', status: 404, message: `No pet has id ${NO_SUCH_ID}.` } },
      { id: another!.id, status: 204 },
    ]);
    expect(await current([free!, ordered!, another!])).toEqual([{ ...ordered, status: 'available' }]);
    const entries = await entriesOf(id, [free!, ordered!, another!]);
    expect(entries.map((entry) => [entry.resourceId, entry.action])).toEqual([
      [String(free!.id), 'delete'],
      [String(another!.id), 'delete'],
    ]);
    // Sent again, the deleted pets are not found.
    expect((await deleteMany([free!.id])).body.results).toEqual([{ id: free!.id, status: 404, error: expect.objectContaining({ code: 'not_found' }) }]);
  });

  it('refuses more than 100 ids, and a list parameter beside id, with 400 and deletes nothing', async () => {
    const [pet] = await available(1);
    const ids = [pet!.id, ...Array.from({ length: 100 }, (_, index) => NO_SUCH_ID - index)];
    expect((await deleteMany(ids)).status).toBe(400);
    expect((await api('DELETE', `/v1/pets?id=${pet!.id}&status=available`)).status).toBe(400);
    expect((await api('DELETE', '/v1/pets')).status).toBe(405);
    expect(await current([pet!])).toEqual([pet]);
  });
});

describe('the batch change and delete need the write scope', () => {
  let server: SeededServer<{ read: string }>;

  beforeAll(async () => {
    server = await serverWithKeys({ read: { scopes: ['read'] } });
  });
  afterAll(() => server.stop());

  it('refuses a read-only key with 403 and changes nothing', async () => {
    const pet = await addPet({ name: 'Read only', categoryId: uniqueCategoryId(), status: 'available' }, { baseUrl: server.baseUrl, key: server.bootstrapKey });
    const options = { baseUrl: server.baseUrl, key: server.seed.read };
    expect((await patchMany([pet.id], { status: 'sold' }, options)).status).toBe(403);
    expect((await deleteMany([pet.id], options)).status).toBe(403);
    expect((await api('GET', `/v1/pets?id=${pet.id}`, options)).body).toEqual([pet]);
  });
});
