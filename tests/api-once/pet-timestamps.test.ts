// GET /v1/pets/{petId}/timestamps (experimental): when a pet was added and last changed.
// updatedAt follows every change of the pet by any path (PATCH, an order moving its
// status), and neither the Pet's answers nor the activity log carry it.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { addPet, api, uniqueCategoryId } from '../support/api';
import { moveOrder, placeOrder } from '../support/orders';

type Timestamps = { createdAt: string; updatedAt: string };

async function timestampsOf(petId: number): Promise<Timestamps> {
  const response = await api<Timestamps>('GET', `/v1/pets/${petId}/timestamps`);
  expect(response.status, response.text).toBe(200);
  expect(response.operationId).toBe('getPetTimestamps');
  return response.body;
}

// Two requests in a row may fall in one millisecond: wait past it before the next change.
const later = () => sleep(5);

describe('GET /v1/pets/{petId}/timestamps', () => {
  it('says when the pet was added; updatedAt starts there', async () => {
    const before = Date.now();
    const pet = await addPet({ name: 'Stamped', categoryId: uniqueCategoryId(), status: 'available' });
    const { createdAt, updatedAt } = await timestampsOf(pet.id);
    expect(updatedAt).toBe(createdAt);
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('moves updatedAt on every change, orders included, and not on a change to nothing', async () => {
    const pet = await addPet({ name: 'Changing', categoryId: uniqueCategoryId(), status: 'available' });
    const added = await timestampsOf(pet.id);
    await later();

    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Changing' } })).status).toBe(200);
    expect(await timestampsOf(pet.id)).toEqual(added);

    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Changed' } })).status).toBe(200);
    const renamed = await timestampsOf(pet.id);
    expect(renamed.createdAt).toBe(added.createdAt);
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(added.updatedAt));
    await later();

    const order = await placeOrder(pet.id);
    expect(order.status).toBe(201);
    const ordered = await timestampsOf(pet.id);
    expect(Date.parse(ordered.updatedAt)).toBeGreaterThan(Date.parse(renamed.updatedAt));
    await later();

    // Approving leaves the pet pending: no change to the pet.
    expect((await moveOrder(order.body.id, 'approved')).status).toBe(200);
    expect(await timestampsOf(pet.id)).toEqual(ordered);

    expect((await moveOrder(order.body.id, 'cancelled')).status).toBe(200);
    expect(Date.parse((await timestampsOf(pet.id)).updatedAt)).toBeGreaterThan(Date.parse(ordered.updatedAt));
  });

  it('keeps the Pet exactly as the contract has it, and updatedAt out of the activity log', async () => {
    const pet = await addPet({ name: 'Plain', categoryId: uniqueCategoryId() });
    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { name: 'Plainer' } })).status).toBe(200);
    expect(Object.keys((await api('GET', `/v1/pets/${pet.id}`)).body).sort()).toEqual(['categoryId', 'id', 'name']);
    const history = await api<{ before?: object; after?: object }[]>('GET', `/v1/activity?resource=pet&resourceId=${pet.id}`);
    expect(history.body.map((entry) => entry.after)).toEqual([{ name: 'Plainer' }, expect.not.objectContaining({ updated_at: expect.anything() })]);
  });

  it('answers 404 for no such pet and 400 for an id that is not one', async () => {
    expect((await api('GET', '/v1/pets/9007199254740991/timestamps')).status).toBe(404);
    expect((await api('GET', '/v1/pets/9223372036854775807/timestamps')).status).toBe(404);
    const bad = await api('GET', '/v1/pets/abc/timestamps');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
  });

  it('needs an API key', async () => {
    expect((await api('GET', '/v1/pets/1/timestamps', { key: null })).status).toBe(401);
  });
});
