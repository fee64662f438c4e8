// GET /v1/pets (listPets): docs/CONTRACT.md §4.1, and docs/ARCHITECTURE.md's decisions on limit,
// unknown parameters and keyset pagination (Link rel="next", cursor).
import { describe, expect, it } from 'vitest';
import { addPet, api, linkTarget, uniqueCategoryId } from '../support/api';

type Pet = { id: number; name: string; categoryId: number; status?: string };

/** Follows rel="next" from `path` to the last page; returns every page. */
async function walkPages(path: string, between?: (pageNumber: number) => Promise<unknown>) {
  const pages: { pets: Pet[]; next: string | undefined }[] = [];
  let next: string | undefined = path;
  while (next) {
    const response = await api<Pet[]>('GET', next);
    expect(response.status).toBe(200);
    next = linkTarget(response.headers, 'next');
    pages.push({ pets: response.body, next });
    await between?.(pages.length);
  }
  return pages;
}

describe('listPets', () => {
  it('answers 200 with an array of pets', async () => {
    await addPet({ name: 'Listed', categoryId: uniqueCategoryId(), status: 'available' });
    const response = await api('GET', '/v1/pets');
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('listPets');
    expect(Array.isArray(response.body)).toBe(true);
  });

  it('answers 401 without an API key', async () => {
    const response = await api('GET', '/v1/pets', { key: null });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
  });

  it('returns at most 20 pets when no limit is given', async () => {
    const categoryId = uniqueCategoryId();
    await Promise.all(Array.from({ length: 21 }, (_, index) => addPet({ name: `Default ${index}`, categoryId, status: 'sold' })));
    const response = await api<Pet[]>('GET', '/v1/pets?status=sold');
    expect(response.body).toHaveLength(20);
  });

  it.each([1, 7, 100])('returns at most limit=%i pets', async (limit) => {
    const categoryId = uniqueCategoryId();
    await Promise.all(Array.from({ length: 8 }, (_, index) => addPet({ name: `Limit ${index}`, categoryId })));
    const response = await api<Pet[]>('GET', `/v1/pets?limit=${limit}`);
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(response.body.length).toBeLessThanOrEqual(limit);
    if (limit <= 8) expect(response.body).toHaveLength(limit);
  });

  it.each([
    ['0', 'limit=0'],
    ['101', 'limit=101'],
    ['-1', 'limit=-1'],
    ['1.5', 'limit=1.5'],
    ['1e1', 'limit=1e1'],
    ['abc', 'limit=abc'],
    ['+5', 'limit=%2B5'],
    ['" 5"', 'limit=%205'],
    ['empty', 'limit='],
    ['repeated', 'limit=5&limit=6'],
    ['huge', 'limit=99999999999999999999'],
  ])('rejects a limit that is %s with invalid_request naming limit', async (_case, query) => {
    const response = await api('GET', `/v1/pets?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain('limit');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'limit' })]);
  });

  it('ignores unknown query parameters', async () => {
    await addPet({ name: 'Ignored', categoryId: uniqueCategoryId() });
    const response = await api<Pet[]>('GET', '/v1/pets?limit=1&colour=brown&page=3');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
  });

  it.each(['available', 'pending', 'sold'])('filters by status=%s', async (status) => {
    const categoryId = uniqueCategoryId();
    const mine = await addPet({ name: `Filtered ${status}`, categoryId, status });
    const pets = (await walkPages(`/v1/pets?status=${status}&limit=100`)).flatMap((page) => page.pets);
    expect(pets.every((pet) => pet.status === status)).toBe(true);
    expect(pets.map((pet) => pet.id)).toContain(mine.id);
  });

  it.each(['unknown', 'AVAILABLE', ''])('rejects status=%j with invalid_request naming status', async (status) => {
    const response = await api('GET', `/v1/pets?status=${status}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain('status');
  });

  it('omits status (never null) on a pet created without one', async () => {
    const categoryId = uniqueCategoryId();
    const pet = await addPet({ name: 'No status', categoryId });
    const pets = (await walkPages('/v1/pets?limit=100')).flatMap((page) => page.pets);
    const listed = pets.find((candidate) => candidate.id === pet.id);
    expect(listed).toEqual({ id: pet.id, name: 'No status', categoryId });
    expect(listed).not.toHaveProperty('status');
  });
});

describe('listPets pagination', () => {
  it('announces the next page in a Link rel="next" header carrying limit and a cursor', async () => {
    const categoryId = uniqueCategoryId();
    await Promise.all([1, 2, 3].map((index) => addPet({ name: `Paged ${index}`, categoryId })));
    const response = await api('GET', '/v1/pets?limit=2');
    const next = linkTarget(response.headers, 'next');
    expect(next).toBeDefined();
    const url = new URL(next!, 'http://x');
    expect(url.pathname).toBe('/v1/pets');
    expect(url.searchParams.get('limit')).toBe('2');
    expect(url.searchParams.get('cursor')).toBeTruthy();
  });

  it('keeps the status filter on the next page', async () => {
    const categoryId = uniqueCategoryId();
    await Promise.all([1, 2, 3].map((index) => addPet({ name: `Pending ${index}`, categoryId, status: 'pending' })));
    const response = await api('GET', '/v1/pets?limit=1&status=pending');
    const next = new URL(linkTarget(response.headers, 'next')!, 'http://x');
    expect(next.searchParams.get('status')).toBe('pending');
  });

  it('sends no Link rel="next" on the last page', async () => {
    const pages = await walkPages('/v1/pets?limit=100');
    expect(pages.at(-1)!.next).toBeUndefined();
    expect(pages.at(-1)!.pets.length).toBeLessThanOrEqual(100);
  });

  it('lists pets in ascending id order across pages', async () => {
    const categoryId = uniqueCategoryId();
    await Promise.all(Array.from({ length: 6 }, (_, index) => addPet({ name: `Ordered ${index}`, categoryId })));
    const ids = (await walkPages('/v1/pets?limit=5')).flatMap((page) => page.pets.map((pet) => pet.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('neither misses nor repeats a pet while others are added between pages', async () => {
    const categoryId = uniqueCategoryId();
    const existing = [];
    for (let index = 0; index < 25; index++) existing.push(await addPet({ name: `Walked ${index}`, categoryId, status: 'available' }));
    const addedMeanwhile: Pet[] = [];
    const pages = await walkPages('/v1/pets?status=available&limit=7', async () => {
      const batch = await Promise.all([1, 2, 3].map((index) => addPet({ name: `Meanwhile ${index}`, categoryId, status: 'available' })));
      addedMeanwhile.push(...batch);
    });
    const seen = pages.flatMap((page) => page.pets.map((pet) => pet.id));
    expect(new Set(seen).size, 'no pet is listed twice').toBe(seen.length);
    for (const pet of existing) expect(seen, `pet ${pet.id} present before the walk`).toContain(pet.id);
    // Pets added during the walk get higher ids, so keyset paging reaches all of them but those added after the last page.
    const lastSeen = Math.max(...seen);
    for (const pet of addedMeanwhile.filter((added) => added.id <= lastSeen)) expect(seen).toContain(pet.id);
  });

  it('neither misses nor repeats a pet while others are added concurrently', async () => {
    const categoryId = uniqueCategoryId();
    const existing = await Promise.all(Array.from({ length: 30 }, (_, index) => addPet({ name: `Stable ${index}`, categoryId, status: 'pending' })));
    const writer = Promise.all(Array.from({ length: 20 }, (_, index) => addPet({ name: `Concurrent ${index}`, categoryId, status: 'pending' })));
    const pages = await walkPages('/v1/pets?status=pending&limit=4');
    await writer;
    const seen = pages.flatMap((page) => page.pets.map((pet) => pet.id));
    expect(new Set(seen).size, 'no pet is listed twice').toBe(seen.length);
    for (const pet of existing) expect(seen).toContain(pet.id);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['empty', ''],
    ['tampered', Buffer.from('id:abc').toString('base64url')],
    ['a negative id', Buffer.from('id:-5').toString('base64url')],
    ['padded base64', `${Buffer.from('id:1').toString('base64')}==`],
  ])('rejects a cursor that is %s with invalid_request naming cursor', async (_case, cursor) => {
    const response = await api('GET', `/v1/pets?cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain('cursor');
  });

  it('rejects a repeated cursor with invalid_request', async () => {
    const first = await api('GET', '/v1/pets?limit=1');
    const cursor = new URL(linkTarget(first.headers, 'next') ?? '/v1/pets?cursor=aWQ6MQ', 'http://x').searchParams.get('cursor');
    const response = await api('GET', `/v1/pets?cursor=${cursor}&cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('cursor');
  });
});
