// GET /v1/pets?id=1,2,3 (experimental batch read): the pets among up to 100 ids,
// by id, in one answer; it stands alone (docs/ARCHITECTURE.md, extensions).
import { describe, expect, it } from 'vitest';
import { addPet, api, uniqueCategoryId } from '../support/api';

type Pet = { id: number; name: string; categoryId: number; status?: string };

/** Three new pets, added one after another so in id order (the middle one without a status). */
async function threePets() {
  const categoryId = uniqueCategoryId();
  const first = await addPet({ name: 'Batch A', categoryId, status: 'sold' });
  const second = await addPet({ name: 'Batch B', categoryId });
  const third = await addPet({ name: 'Batch C', categoryId, status: 'available' });
  return [first, second, third] as const;
}

describe('listPets with id (batch read)', () => {
  it('answers the pets with those ids, ordered by id, without a Link header', async () => {
    const [first, second, third] = await threePets();
    const response = await api<Pet[]>('GET', `/v1/pets?id=${third.id},${first.id},${second.id}`);
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('listPets');
    expect(response.body).toEqual([first, second, third]);
    expect(response.body[1]).not.toHaveProperty('status');
    expect(response.headers.get('link')).toBeNull();
  });

  it('leaves out ids without a pet and counts a repeated id once', async () => {
    const [first] = await threePets();
    const response = await api<Pet[]>('GET', `/v1/pets?id=${first.id},${Number.MAX_SAFE_INTEGER},${first.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([first]);
  });

  it('answers an empty array when no id names a pet', async () => {
    const response = await api<Pet[]>('GET', `/v1/pets?id=${Number.MAX_SAFE_INTEGER}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('takes 100 ids, more than a page of the list', async () => {
    const categoryId = uniqueCategoryId();
    const pets = await Promise.all(Array.from({ length: 25 }, (_, index) => addPet({ name: `Many ${index}`, categoryId })));
    const ids = [...pets.map((pet) => pet.id), ...Array.from({ length: 75 }, (_, index) => Number.MAX_SAFE_INTEGER - index)];
    const response = await api<Pet[]>('GET', `/v1/pets?id=${ids.join(',')}`);
    expect(response.status).toBe(200);
    expect(response.body.map((pet) => pet.id)).toEqual(pets.map((pet) => pet.id).sort((a, b) => a - b));
  });

  it('accepts the comma percent-encoded', async () => {
    const [first, second] = await threePets();
    const response = await api<Pet[]>('GET', `/v1/pets?id=${first.id}%2C${second.id}`);
    expect(response.body).toEqual([first, second]);
  });

  it('refuses more than 100 ids, saying how many it got', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => index + 1);
    const response = await api('GET', `/v1/pets?id=${ids.join(',')}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', status: 400, details: [{ path: 'id' }] });
    expect(response.body.message).toBe('Invalid query parameter: id lists 101 ids; at most 100 are allowed.');
  });

  it.each(['', '0', '-1', '1.5', 'abc', '1,,2', '1,', ',1', '1, 2', '1e3', '0x10', `${Number.MAX_SAFE_INTEGER + 1}`, '99999999999999999999'])(
    'refuses id=%j with invalid_request naming id',
    async (value) => {
      const response = await api('GET', `/v1/pets?id=${encodeURIComponent(value)}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_request', status: 400, details: [{ path: 'id' }] });
      expect(response.body.message).toBe(`Invalid query parameter: id must be 1 to 100 comma-separated positive integers up to ${Number.MAX_SAFE_INTEGER}.`);
    },
  );

  it('refuses id given twice', async () => {
    const response = await api('GET', '/v1/pets?id=1&id=2');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'id', message: 'must be given at most once' }]);
  });

  it.each(['limit=5', 'cursor=aWQ6MQ', 'sort=id', 'status=sold', 'name=Batch', 'categoryId=1'])('refuses id with %s: it stands alone', async (other) => {
    const [first] = await threePets();
    const response = await api('GET', `/v1/pets?id=${first.id}&${other}`);
    const name = other.split('=')[0];
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', details: [{ path: name, message: 'cannot be combined with id' }] });
    expect(response.body.message).toBe(`Invalid query parameter: id cannot be combined with ${name}.`);
  });

  it('names every parameter given with id', async () => {
    const response = await api('GET', '/v1/pets?id=1&status=sold&limit=3');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid query parameter: id cannot be combined with limit, status.');
  });

  it('still ignores unknown parameters beside id', async () => {
    const [first] = await threePets();
    const response = await api<Pet[]>('GET', `/v1/pets?id=${first.id}&colour=brown`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([first]);
  });

  it('answers 401 without an API key', async () => {
    const response = await api('GET', '/v1/pets?id=1', { key: null });
    expect(response.status).toBe(401);
  });
});
