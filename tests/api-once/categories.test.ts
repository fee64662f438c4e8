// The categories resource (experimental): list with keyset pages, create (names
// unique ignoring case), get, rename; a pet may still name any categoryId.
import { describe, expect, it } from 'vitest';
import { addPet, api, linkTarget } from '../support/api';

type Category = { id: number; name: string };

const unique = () => Math.random().toString(36).slice(2, 10);

async function addCategory(name: string): Promise<Category> {
  const response = await api<Category>('POST', '/v1/categories', { json: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe('POST /v1/categories', () => {
  it('creates a category: 201, Location, the trimmed name', async () => {
    const name = `Dogs ${unique()}`;
    const response = await api<Category>('POST', '/v1/categories', { json: { name: `  ${name} ` } });
    expect(response.status).toBe(201);
    expect(response.operationId).toBe('createCategory');
    expect(response.body).toEqual({ id: expect.any(Number), name });
    expect(response.headers.get('location')).toBe(`/v1/categories/${response.body.id}`);
    expect((await api('GET', response.headers.get('location')!)).body).toEqual(response.body);
  });

  it('refuses a name taken in another case with 409, naming the category as stored, and creates nothing', async () => {
    const name = `Cats ${unique()}`;
    await addCategory(name);
    const response = await api('POST', '/v1/categories', { json: { name: name.toUpperCase() } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('conflict');
    expect(response.body.message).toContain(`"${name}"`);
  });

  it('lets exactly one of two racing creations of one name win', async () => {
    const name = `Race ${unique()}`;
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', '/v1/categories', { json: { name } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['no name', {}, 'name'],
    ['an empty name', { name: ' ' }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name'],
    ['a name of one zero-width space', { name: '\u200b' }, 'name'],
    ['a name holding a right-to-left override', { name: 'Dogs\u202e' }, 'name'],
    ['an unknown field', { name: 'Ok', id: 3 }, 'id'],
  ])('refuses %s with 400 naming the field', async (_case, json, path) => {
    const response = await api('POST', '/v1/categories', { json });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });
});

describe('GET /v1/categories', () => {
  it('pages through every category once, in id order, with Link rel="next"', async () => {
    for (let index = 0; index < 3; index++) await addCategory(`Paged ${unique()}`);
    const seen: Category[] = [];
    let next: string | undefined = '/v1/categories?limit=2';
    while (next) {
      const response = await api<Category[]>('GET', next);
      expect(response.status).toBe(200);
      seen.push(...response.body);
      next = linkTarget(response.headers, 'next');
    }
    const ids = seen.map((category) => category.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it.each(['limit=0', 'limit=101', 'cursor=nope'])('rejects %s with 400', async (query) => {
    expect((await api('GET', `/v1/categories?${query}`)).status).toBe(400);
  });
});

describe('GET and PATCH /v1/categories/{categoryId}', () => {
  it('renames a category', async () => {
    const category = await addCategory(`Birds ${unique()}`);
    const name = `Parrots ${unique()}`;
    const response = await api<Category>('PATCH', `/v1/categories/${category.id}`, { json: { name } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: category.id, name });
    expect((await api('GET', `/v1/categories/${category.id}`)).body).toEqual({ id: category.id, name });
  });

  it('lets a category change the case of its own name', async () => {
    const category = await addCategory(`fish ${unique()}`);
    const response = await api('PATCH', `/v1/categories/${category.id}`, { json: { name: category.name.toUpperCase() } });
    expect(response.status).toBe(200);
  });

  it('refuses a rename to a name another category has, with 409, and keeps the old name', async () => {
    const taken = await addCategory(`Taken ${unique()}`);
    const category = await addCategory(`Mine ${unique()}`);
    const response = await api('PATCH', `/v1/categories/${category.id}`, { json: { name: taken.name.toLowerCase() } });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(`"${taken.name}"`);
    expect((await api('GET', `/v1/categories/${category.id}`)).body).toEqual(category);
  });

  it('answers 404 for a category that does not exist and 400 for a bad id or body', async () => {
    expect((await api('GET', '/v1/categories/9007199254740991')).status).toBe(404);
    expect((await api('PATCH', '/v1/categories/9007199254740991', { json: { name: 'Ghost' } })).status).toBe(404);
    expect((await api('GET', '/v1/categories/zero')).status).toBe(400);
    const category = await addCategory(`Body ${unique()}`);
    expect((await api('PATCH', `/v1/categories/${category.id}`, { json: {} })).status).toBe(400);
  });
});

it('still lets a pet name a categoryId that no category has', async () => {
  const pet = await addPet({ name: 'Uncategorised', categoryId: 9_007_199_254_740_000 });
  expect(pet.categoryId).toBe(9_007_199_254_740_000);
});
