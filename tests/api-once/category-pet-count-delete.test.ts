// Categories' pet counts (GET /v1/categories items carry petCount) and
// DELETE /v1/categories/{categoryId}, refused while pets name the category.
import { describe, expect, it } from 'vitest';
import { addPet, api, linkTarget } from '../support/api';

type ListedCategory = { id: number; name: string; petCount: number };

const unique = () => Math.random().toString(36).slice(2, 10);

async function addCategory(name: string) {
  const response = await api<{ id: number; name: string }>('POST', '/v1/categories', { json: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Every category as the list gives it. */
async function listed(): Promise<Map<number, ListedCategory>> {
  const all = new Map<number, ListedCategory>();
  let next: string | undefined = '/v1/categories?limit=100';
  while (next) {
    const response = await api<ListedCategory[]>('GET', next);
    expect(response.status).toBe(200);
    for (const category of response.body) all.set(category.id, category);
    next = linkTarget(response.headers, 'next');
  }
  return all;
}

// Other tests' pets may name these category ids too (a pet may name any id,
// and categories get small ones): counts are checked against the pets' own
// counts, and "unused" categories are ones the list says no pet names.

/** A category's petCount from the list. */
async function petCountOf(categoryId: number): Promise<number | undefined> {
  return (await listed()).get(categoryId)?.petCount;
}

/** The pets naming the category, counted by GET /v1/pets/counts. */
async function petsNaming(categoryId: number): Promise<number> {
  return (await api<{ total: number }>('GET', `/v1/pets/counts?categoryId=${categoryId}`)).body.total;
}

/** petCount equals the pets naming the category (polled: other tests may add pets meanwhile). */
async function expectCountMatches(categoryId: number) {
  await expect.poll(async () => (await petCountOf(categoryId)) === (await petsNaming(categoryId)), { timeout: 5000 }).toBe(true);
}

/** A new category no pet names yet. */
async function unusedCategory(prefix: string) {
  for (let tries = 0; tries < 30; tries++) {
    const category = await addCategory(`${prefix} ${unique()}`);
    if ((await petCountOf(category.id)) === 0) return category;
  }
  throw new Error('no unused category id found');
}

describe('petCount on GET /v1/categories', () => {
  it('counts the pets that name each category, whatever their status, and follows changes', async () => {
    const used = await unusedCategory('Counted');
    const empty = await unusedCategory('Empty');
    const pets = [];
    for (const status of ['available', 'sold', undefined]) pets.push(await addPet({ name: 'Counted pet', categoryId: used.id, status }));
    expect((await listed()).get(used.id)).toEqual({ ...used, petCount: expect.any(Number) });
    expect(await petCountOf(used.id)).toBeGreaterThanOrEqual(3);
    await expectCountMatches(used.id);
    await expectCountMatches(empty.id);

    expect((await api('PATCH', `/v1/pets/${pets[0]!.id}`, { json: { categoryId: empty.id } })).status).toBe(200);
    expect((await api('DELETE', `/v1/pets/${pets[1]!.id}`)).status).toBe(204);
    expect(await petCountOf(empty.id)).toBeGreaterThanOrEqual(1);
    await expectCountMatches(used.id);
    await expectCountMatches(empty.id);
  });
});

describe('DELETE /v1/categories/{categoryId}', () => {
  it('deletes a category no pet names: 204, then 404', async () => {
    const category = await unusedCategory('Unused');
    const response = await api('DELETE', `/v1/categories/${category.id}`);
    expect(response.status).toBe(204);
    expect((await api('GET', `/v1/categories/${category.id}`)).status).toBe(404);
    expect((await listed()).has(category.id)).toBe(false);
    expect((await api('DELETE', `/v1/categories/${category.id}`)).status).toBe(404);
  });

  it.each([
    [1, 'The category "%s" cannot be deleted: 1 pet uses it. Move those pets to another category first.'],
    [3, 'The category "%s" cannot be deleted: 3 pets use it. Move those pets to another category first.'],
  ])('refuses with 409 while %i pet(s) name it, saying how many, and keeps it', async (howMany, message) => {
    const category = await unusedCategory('Used');
    for (let index = 0; index < howMany; index++) await addPet({ name: `User ${index}`, categoryId: category.id });
    const response = await api('DELETE', `/v1/categories/${category.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'conflict', status: 409 });
    // Another test's pet may have joined: the message names the count at that moment.
    const named = Number(/: (\d+) pets? use/.exec(response.body.message)?.[1]);
    expect(named).toBeGreaterThanOrEqual(howMany);
    if (named === howMany) expect(response.body.message).toBe(message.replace('%s', category.name));
    expect((await api('GET', `/v1/categories/${category.id}`)).body).toEqual(category);
  });

  it('deletes it once its last pet has moved away', async () => {
    const category = await unusedCategory('Emptied');
    const pet = await addPet({ name: 'Mover', categoryId: category.id });
    expect((await api('DELETE', `/v1/categories/${category.id}`)).status).toBe(409);
    expect((await api('PATCH', `/v1/pets/${pet.id}`, { json: { categoryId: category.id + 1_000_000_000 } })).status).toBe(200);
    expect((await api('DELETE', `/v1/categories/${category.id}`)).status).toBe(204);
  });
  it.each(['0', 'abc', '-1'])('answers 400 for id %j', async (id) => {
    const response = await api('DELETE', `/v1/categories/${id}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });

  it('answers 404 for an id without a category, even a huge one', async () => {
    expect((await api('DELETE', `/v1/categories/${Number.MAX_SAFE_INTEGER}`)).status).toBe(404);
    expect((await api('DELETE', '/v1/categories/9223372036854775807')).status).toBe(404);
  });

  it('needs an API key', async () => {
    expect((await api('DELETE', '/v1/categories/1', { key: null })).status).toBe(401);
  });
});
