// GET /v1/pets's experimental parameters (docs/ARCHITECTURE.md, "Extensions beyond the contract"): name search
// (case-insensitive substring), categoryId, sort with keyset cursors for every
// key, all combinable, and the Link rel="next" that keeps them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPet, api, linkTarget, uniqueCategoryId } from '../support/api';

type Pet = { id: number; name: string; categoryId: number; status?: string };

async function walk(path: string): Promise<{ pets: Pet[]; links: string[] }> {
  const pets: Pet[] = [];
  const links: string[] = [];
  let next: string | undefined = path;
  while (next) {
    const response = await api<Pet[]>('GET', next);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    pets.push(...response.body);
    next = linkTarget(response.headers, 'next');
    if (next) links.push(next);
  }
  return { pets, links };
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe('GET /v1/pets?name=', () => {
  it('finds pets whose name contains the text, ignoring case', async () => {
    const tag = unique();
    const categoryId = uniqueCategoryId();
    const rex = await addPet({ name: `Rex ${tag} the Great`, categoryId });
    const rexa = await addPet({ name: `REXA-${tag.toUpperCase()}`, categoryId });
    await addPet({ name: `Fido ${unique()}`, categoryId });
    const { pets } = await walk(`/v1/pets?name=${tag.toUpperCase()}&limit=100`);
    expect(pets.map((pet) => pet.id).sort()).toEqual([rex.id, rexa.id].sort());
  });

  it('takes % and _ as plain characters, not wildcards', async () => {
    const tag = unique();
    const categoryId = uniqueCategoryId();
    const percent = await addPet({ name: `100% ${tag}`, categoryId });
    await addPet({ name: `100x ${tag}`, categoryId });
    const underscore = await addPet({ name: `a_b ${tag}`, categoryId });
    await addPet({ name: `axb ${tag}`, categoryId });
    expect((await walk(`/v1/pets?name=${encodeURIComponent(`0% ${tag}`)}`)).pets.map((pet) => pet.id)).toEqual([percent.id]);
    expect((await walk(`/v1/pets?name=${encodeURIComponent(`a_b ${tag}`)}`)).pets.map((pet) => pet.id)).toEqual([underscore.id]);
  });

  it('combines with status and categoryId, and the next page keeps every filter', async () => {
    const tag = unique();
    const categoryId = uniqueCategoryId();
    const wanted = [];
    for (let index = 0; index < 5; index++) wanted.push(await addPet({ name: `Combo ${tag} ${index}`, categoryId, status: 'available' }));
    await addPet({ name: `Combo ${tag} sold`, categoryId, status: 'sold' });
    await addPet({ name: `Combo ${tag} elsewhere`, categoryId: uniqueCategoryId(), status: 'available' });
    const { pets, links } = await walk(`/v1/pets?name=combo%20${tag}&status=available&categoryId=${categoryId}&limit=2`);
    expect(pets.map((pet) => pet.id)).toEqual(wanted.map((pet) => pet.id));
    expect(links.length).toBe(2);
    for (const link of links) {
      const url = new URL(link, 'http://x');
      expect(url.searchParams.get('name')).toBe(`combo ${tag}`);
      expect(url.searchParams.get('status')).toBe('available');
      expect(url.searchParams.get('categoryId')).toBe(String(categoryId));
    }
  });

  it('answers an empty list when nothing matches', async () => {
    const response = await api('GET', `/v1/pets?name=${unique()}${unique()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(response.headers.get('link')).toBeNull();
  });

  it.each([
    ['empty', 'name='],
    ['longer than 100 characters', `name=${'a'.repeat(101)}`],
    ['a control character', 'name=a%07b'],
    ['repeated', 'name=a&name=b'],
  ])('rejects a name that is %s with invalid_request naming name', async (_case, query) => {
    const response = await api('GET', `/v1/pets?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'name' })]);
  });
});

describe('GET /v1/pets?categoryId=', () => {
  it('lists only the pets of that category', async () => {
    const categoryId = uniqueCategoryId();
    const mine = [await addPet({ name: 'Cat one', categoryId }), await addPet({ name: 'Cat two', categoryId, status: 'sold' })];
    await addPet({ name: 'Cat other', categoryId: uniqueCategoryId() });
    expect((await walk(`/v1/pets?categoryId=${categoryId}`)).pets).toEqual(mine);
  });

  it.each(['0', '-1', 'abc', '1.5', '9007199254740992'])('rejects categoryId=%s with invalid_request', async (value) => {
    const response = await api('GET', `/v1/pets?categoryId=${value}`);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'categoryId' })]);
  });
});

describe('GET /v1/pets?sort=', () => {
  const names = ['delta', 'Alpha', 'charlie', 'bravo', 'alpha', 'echo', 'bravo'];

  async function catalogue() {
    const categoryId = uniqueCategoryId();
    const pets: Pet[] = [];
    for (const name of names) pets.push(await addPet({ name, categoryId }));
    return { categoryId, pets };
  }

  // The database's collation orders names; ties go by id. Compare with what the server says for sort=name over one page.
  it.each(['id', '-id', 'name', '-name'])('sort=%s pages through every pet once, in order, with limit 2', async (sort) => {
    const { categoryId, pets } = await catalogue();
    const whole = (await api<Pet[]>('GET', `/v1/pets?categoryId=${categoryId}&sort=${sort}&limit=100`)).body;
    const { pets: paged, links } = await walk(`/v1/pets?categoryId=${categoryId}&sort=${sort}&limit=2`);
    expect(paged).toEqual(whole);
    expect(links.length).toBe(3);
    for (const link of links) expect(new URL(link, 'http://x').searchParams.get('sort')).toBe(sort);
    expect([...whole].sort((a, b) => a.id - b.id)).toEqual(pets);
    const ids = whole.map((pet) => pet.id);
    const ascending = [...ids].sort((a, b) => a - b);
    if (sort === 'id') expect(ids).toEqual(ascending);
    if (sort === '-id') expect(ids).toEqual(ascending.reverse());
    if (sort.endsWith('name')) {
      const direction = sort === 'name' ? 1 : -1;
      for (let index = 1; index < whole.length; index++) {
        const [before, after] = [whole[index - 1]!, whole[index]!];
        // Equal names are ordered by id in the sort's direction.
        if (before.name === after.name) expect(Math.sign(after.id - before.id)).toBe(direction);
      }
      const byName = new Map<string, number>();
      whole.forEach((pet, index) => byName.set(pet.name, index));
      expect(byName.get('echo')! > byName.get('delta')!).toBe(direction === 1);
      expect(byName.get('charlie')! > byName.get('bravo')!).toBe(direction === 1);
    }
  });

  it('lists the newest pet first with sort=-id', async () => {
    await addPet({ name: 'Older', categoryId: uniqueCategoryId() });
    const newest = await addPet({ name: 'Newest', categoryId: uniqueCategoryId() });
    const response = await api<Pet[]>('GET', '/v1/pets?sort=-id&limit=1');
    expect(response.body[0]!.id).toBeGreaterThanOrEqual(newest.id);
  });

  it('refuses a cursor from another sort with 400 naming cursor', async () => {
    const { categoryId } = await catalogue();
    const first = await api('GET', `/v1/pets?categoryId=${categoryId}&sort=name&limit=2`);
    const cursor = new URL(linkTarget(first.headers, 'next')!, 'http://x').searchParams.get('cursor');
    const response = await api('GET', `/v1/pets?categoryId=${categoryId}&sort=-id&limit=2&cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'cursor', message: expect.stringContaining('sort=name') })]);
  });

  it('keeps accepting the sort=id cursors of before (id:<n>)', async () => {
    const { categoryId, pets } = await catalogue();
    const legacy = Buffer.from(`id:${pets[2]!.id}`).toString('base64url');
    const response = await api<Pet[]>('GET', `/v1/pets?categoryId=${categoryId}&cursor=${legacy}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(pets.slice(3));
  });

  it('pages a name containing the cursor separator', async () => {
    const categoryId = uniqueCategoryId();
    const pets = [await addPet({ name: 'a:b:c', categoryId }), await addPet({ name: 'a:b:c', categoryId }), await addPet({ name: 'b', categoryId })];
    expect((await walk(`/v1/pets?categoryId=${categoryId}&sort=name&limit=1`)).pets).toEqual(pets);
  });

  it.each([
    ['an unknown key', 'sort=age'],
    ['a tampered cursor', `sort=name&cursor=${Buffer.from('name:x:y').toString('base64url')}`],
    ['a cursor for sort=name without a name', `sort=name&cursor=${Buffer.from('name:5').toString('base64url')}`],
    ['a name cursor holding a NUL', 'sort=name&cursor=bmFtZToxOgA'],
    ['a -name cursor holding a NUL', 'sort=-name&cursor=LW5hbWU6MToA'],
    ['a name cursor with an empty name', `sort=name&cursor=${Buffer.from('name:1:').toString('base64url')}`],
    ['a name cursor with a control character', `sort=name&cursor=${Buffer.from('name:1:a\u0007').toString('base64url')}`],
    ['a name cursor with 101 characters', `sort=name&cursor=${Buffer.from(`name:1:${'n'.repeat(101)}`).toString('base64url')}`],
  ])('rejects %s with invalid_request', async (_case, query) => {
    const response = await api('GET', `/v1/pets?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
  });

  it('answers every forged name cursor with a page or a 400, never a 500', async () => {
    const names = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\u0000', '\u0001', '\u007f', '\u0085', '\ud800', '\udc00', ':', '%', '\\', "'"),
        fc.string({ minLength: 1, maxLength: 1 }),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('name', '-name'), names, async (sort, name) => {
        const cursor = Buffer.from(`${sort}:1:${name}`).toString('base64url');
        const response = await api('GET', `/v1/pets?sort=${sort}&limit=1&cursor=${cursor}`);
        expect([200, 400], `${JSON.stringify(name)}: ${response.text}`).toContain(response.status);
      }),
      { seed: 20261201, numRuns: 150 },
    );
  });
});
