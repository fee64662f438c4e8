// PATCH /v1/pets/{petId} (updatePet) and DELETE /v1/pets/{petId} (deletePet),
// experimental: merge semantics, the status rules (no change while an order is
// open, never to pending), 409 for a pet with orders, and no Deprecation or
// Sunset headers (those belong to the deprecated GET on the same path).
import { describe, expect, it } from 'vitest';
import { addPet, api, uniqueCategoryId } from '../support/api';

type Pet = { id: number; name: string; categoryId: number; status?: string };

const patch = (id: number, json: unknown) => api('PATCH', `/v1/pets/${id}`, { json });

async function order(petId: number): Promise<number> {
  const response = await api('POST', '/v1/store/orders', { json: { petId } });
  expect(response.status).toBe(201);
  return response.body.id;
}

function expectNotDeprecated(headers: Headers) {
  expect(headers.get('deprecation')).toBeNull();
  expect(headers.get('sunset')).toBeNull();
}

describe('PATCH /v1/pets/{petId}', () => {
  it('changes only the fields given and answers the new pet, without Deprecation headers', async () => {
    const pet = await addPet({ name: 'Before', categoryId: uniqueCategoryId(), status: 'available' });
    const categoryId = uniqueCategoryId();
    const response = await patch(pet.id, { name: '  After  ', categoryId });
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('updatePet');
    expect(response.body).toEqual({ id: pet.id, name: 'After', categoryId, status: 'available' });
    expectNotDeprecated(response.headers);
    const fetched = await api('GET', `/v1/pets/${pet.id}`);
    expect(fetched.body).toEqual(response.body);
  });

  it('removes the status with status: null, and sets one', async () => {
    const pet = await addPet({ name: 'Statused', categoryId: uniqueCategoryId(), status: 'sold' });
    const cleared = await patch(pet.id, { status: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('status');
    expect((await patch(pet.id, { status: 'available' })).body.status).toBe('available');
  });

  it('accepts application/merge-patch+json', async () => {
    const pet = await addPet({ name: 'Merge', categoryId: uniqueCategoryId() });
    const response = await api<Pet>('PATCH', `/v1/pets/${pet.id}`, { body: JSON.stringify({ name: 'Merged' }), contentType: 'application/merge-patch+json' });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Merged');
  });

  it('answers an empty patch with the pet unchanged', async () => {
    const pet = await addPet({ name: 'Same', categoryId: uniqueCategoryId(), status: 'available' });
    const response = await patch(pet.id, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual(pet);
  });

  it('refuses status pending with 409 saying an order makes a pet pending', async () => {
    const pet = await addPet({ name: 'Not by hand', categoryId: uniqueCategoryId(), status: 'available' });
    const response = await patch(pet.id, { status: 'pending' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('conflict');
    expect(response.body.message).toContain('open order');
    expectNotDeprecated(response.headers);
    expect((await api('GET', `/v1/pets/${pet.id}`)).body.status).toBe('available');
  });

  it.each(['available', 'sold', null])('refuses status %s while an order is open, naming the order, and changes nothing', async (status) => {
    const pet = await addPet({ name: 'Ordered', categoryId: uniqueCategoryId(), status: 'available' });
    const orderId = await order(pet.id);
    const response = await patch(pet.id, { name: 'Renamed meanwhile', status });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(`order ${orderId}`);
    expect((await api('GET', `/v1/pets/${pet.id}`)).body).toMatchObject({ name: 'Ordered', status: 'pending' });
  });

  it('lets the other fields change while an order is open, the current status repeated included', async () => {
    const pet = await addPet({ name: 'Busy', categoryId: uniqueCategoryId(), status: 'available' });
    await order(pet.id);
    const response = await patch(pet.id, { name: 'Busy but renamed', status: 'pending' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Busy but renamed', status: 'pending' });
  });

  it('lets the status change once the order is closed', async () => {
    const pet = await addPet({ name: 'Returned', categoryId: uniqueCategoryId(), status: 'available' });
    const orderId = await order(pet.id);
    for (const status of ['approved', 'delivered']) {
      expect((await api('PATCH', `/v1/store/orders/${orderId}`, { json: { status } })).status).toBe(200);
    }
    expect((await api('GET', `/v1/pets/${pet.id}`)).body.status).toBe('sold');
    const response = await patch(pet.id, { status: 'available' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('available');
  });

  it('serialises with orders: of a status change and an order racing for one pet, exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const pet = await addPet({ name: 'Contended', categoryId: uniqueCategoryId(), status: 'available' });
      const [changed, ordered] = await Promise.all([patch(pet.id, { status: 'sold' }), api('POST', '/v1/store/orders', { json: { petId: pet.id } })]);
      const final = (await api('GET', `/v1/pets/${pet.id}`)).body.status;
      if (changed.status === 200) expect([ordered.status, final]).toEqual([409, 'sold']);
      else expect([changed.status, ordered.status, final]).toEqual([409, 201, 'pending']);
    }
  });

  it.each([
    ['an unknown field', { colour: 'brown' }, 'colour'],
    ['an id', { id: 5 }, 'id'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a null name', { name: null }, 'name'],
    ['a null categoryId', { categoryId: null }, 'categoryId'],
    ['an unknown status', { status: 'lost' }, 'status'],
    ['a categoryId beyond 2^53-1', { categoryId: 2 ** 53 }, 'categoryId'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, body, path) => {
    const pet = await addPet({ name: 'Untouched', categoryId: uniqueCategoryId() });
    const response = await patch(pet.id, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect((await api('GET', `/v1/pets/${pet.id}`)).body).toEqual(pet);
  });

  it.each([
    ['an array', '[]'],
    ['not JSON', '{'],
  ])('refuses a body that is %s with 400', async (_case, body) => {
    const pet = await addPet({ name: 'Raw', categoryId: uniqueCategoryId() });
    const response = await api('PATCH', `/v1/pets/${pet.id}`, { body, contentType: 'application/json' });
    expect(response.status).toBe(400);
  });

  it('answers 404 for a pet that does not exist, and 400 for an id that is not one', async () => {
    expect((await patch(9_007_199_254_740_991, { name: 'Ghost' })).status).toBe(404);
    expect((await api('PATCH', '/v1/pets/abc', { json: { name: 'Ghost' } })).status).toBe(400);
  });
});

describe('DELETE /v1/pets/{petId}', () => {
  it('deletes a pet without orders: 204, then 404, without Deprecation headers', async () => {
    const pet = await addPet({ name: 'Mistake', categoryId: uniqueCategoryId() });
    const response = await api('DELETE', `/v1/pets/${pet.id}`);
    expect(response.status).toBe(204);
    expectNotDeprecated(response.headers);
    expect((await api('GET', `/v1/pets/${pet.id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/pets/${pet.id}`)).status).toBe(404);
  });

  it('refuses a pet with an order, open or closed, with 409 naming the order, and keeps it', async () => {
    const pet = await addPet({ name: 'With history', categoryId: uniqueCategoryId(), status: 'available' });
    const orderId = await order(pet.id);
    await api('PATCH', `/v1/store/orders/${orderId}`, { json: { status: 'cancelled' } });
    const response = await api('DELETE', `/v1/pets/${pet.id}`);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('conflict');
    expect(response.body.message).toContain(`order ${orderId}`);
    expect((await api('GET', `/v1/pets/${pet.id}`)).status).toBe(200);
  });

  it('serialises with orders: of a delete and an order racing for one pet, exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const pet = await addPet({ name: 'Raced', categoryId: uniqueCategoryId(), status: 'available' });
      const [deleted, ordered] = await Promise.all([api('DELETE', `/v1/pets/${pet.id}`), api('POST', '/v1/store/orders', { json: { petId: pet.id } })]);
      expect([deleted.status, ordered.status].sort()).toEqual(deleted.status === 204 ? [204, 404] : [201, 409]);
    }
  });
});
