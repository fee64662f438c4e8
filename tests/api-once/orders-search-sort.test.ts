// GET /v1/store/orders's experimental search and sort, and GET /v1/store/orders/counts
// (docs/ARCHITECTURE.md, "Extensions beyond the contract"): petName (a case-insensitive
// substring of the pet's name), sort by id or by date placed with keyset cursors that
// carry the microseconds, and the counts behind the dashboard's tabs.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract/orders';
import { orders } from '@/lib/db/schema';
import { createPet } from '@/lib/domain/pets';
import { api, linkTarget, uniqueCategoryId } from '../support/api';
import { serverWithData, type SeededServer } from '../support/seeded-server';

const unique = () => Math.random().toString(36).slice(2, 10);
const tag = unique();

// Placed at times out of id order, two in the same microsecond and two a microsecond
// apart within one millisecond (a cursor kept to the millisecond would repeat or skip them).
const PLACED = [
  { pet: 'alpha', status: 'placed', at: '2026-01-01T00:00:00.000300Z' },
  { pet: 'beta', status: 'approved', at: '2026-01-01T00:00:00.000100Z' },
  { pet: 'alpha', status: 'delivered', at: '2026-01-01T00:00:00.000200Z' },
  { pet: 'beta', status: 'cancelled', at: '2026-01-01T00:00:00.000100Z' },
  { pet: 'alpha', status: 'placed', at: '2025-06-01T12:00:00.500000Z' },
  { pet: 'other', status: 'placed', at: '2025-01-01T00:00:00.000000Z' },
] as const;

let server: SeededServer<{ ids: number[]; alphaId: number; otherId: number }>;

beforeAll(async () => {
  server = await serverWithData(async (database) => {
    const alpha = await createPet(database, { name: `Quill ${tag} alpha`, categoryId: uniqueCategoryId() });
    const beta = await createPet(database, { name: `QUILL ${tag.toUpperCase()} beta`, categoryId: uniqueCategoryId() });
    const other = await createPet(database, { name: `Other ${unique()}`, categoryId: uniqueCategoryId() });
    const petIds = { alpha: alpha.id, beta: beta.id, other: other.id };
    const stored = await database
      .insert(orders)
      .values(
        PLACED.map((order) => ({
          petId: petIds[order.pet],
          status: order.status,
          createdAt: sql`${order.at}::timestamptz` as unknown as Date,
          shipDate: order.status === 'delivered' ? new Date('2026-01-02T00:00:00Z') : undefined,
        })),
      )
      .returning({ id: orders.id });
    return { ids: stored.map((row) => row.id), alphaId: alpha.id, otherId: other.id };
  });
});

afterAll(async () => {
  await server?.stop();
});

const get = <Body = Order[]>(path: string) => api<Body>('GET', path, { baseUrl: server.baseUrl, key: server.bootstrapKey });

async function walk(path: string): Promise<{ ids: number[]; links: string[] }> {
  const ids: number[] = [];
  const links: string[] = [];
  let next: string | undefined = path;
  while (next) {
    const response = await get(next);
    expect(response.status, response.text).toBe(200);
    ids.push(...response.body.map((order) => order.id));
    next = linkTarget(response.headers, 'next');
    if (next) links.push(next);
  }
  return { ids, links };
}

/** The seeded orders' ids at these positions of PLACED. */
const idsAt = (...positions: number[]) => positions.map((position) => server.seed.ids[position]!);

describe('GET /v1/store/orders?petName=', () => {
  it("finds the orders whose pet's name contains the text, ignoring case, page after page", async () => {
    const { ids, links } = await walk(`/v1/store/orders?petName=quill%20${tag}&limit=2`);
    expect(ids).toEqual(idsAt(0, 1, 2, 3, 4));
    expect(links).toHaveLength(2);
    for (const link of links) expect(new URL(link, 'http://x').searchParams.get('petName')).toBe(`quill ${tag}`);
  });

  it('combines with status and petId', async () => {
    expect((await walk(`/v1/store/orders?petName=${tag}&status=placed`)).ids).toEqual(idsAt(0, 4));
    expect((await walk(`/v1/store/orders?petName=${tag}&petId=${server.seed.alphaId}&status=delivered`)).ids).toEqual(idsAt(2));
    expect((await walk(`/v1/store/orders?petName=${tag}&petId=${server.seed.otherId}`)).ids).toEqual([]);
  });

  it('takes % and _ as plain characters', async () => {
    expect((await walk(`/v1/store/orders?petName=${encodeURIComponent(`%${tag}`)}`)).ids).toEqual([]);
    expect((await walk(`/v1/store/orders?petName=Quill_${tag}`)).ids).toEqual([]);
  });
});

describe('GET /v1/store/orders?sort=', () => {
  it.each([
    ['createdAt', [4, 1, 3, 2, 0]],
    ['-createdAt', [0, 2, 3, 1, 4]],
    ['-id', [4, 3, 2, 1, 0]],
    ['id', [0, 1, 2, 3, 4]],
  ])('sort=%s pages one order at a time, none missed or repeated, the sort kept in each Link', async (sort, positions) => {
    const { ids, links } = await walk(`/v1/store/orders?petName=${tag}&sort=${sort}&limit=1`);
    expect(ids).toEqual(idsAt(...positions));
    expect(links).toHaveLength(4);
    for (const link of links) expect(new URL(link, 'http://x').searchParams.get('sort')).toBe(sort);
  });

  it('pages by date placed two at a time, through the tie', async () => {
    expect((await walk(`/v1/store/orders?petName=${tag}&sort=-createdAt&limit=2`)).ids).toEqual(idsAt(0, 2, 3, 1, 4));
  });

  it('refuses a cursor from another sort with 400 naming cursor and both sorts', async () => {
    const first = await get(`/v1/store/orders?petName=${tag}&sort=-createdAt&limit=1`);
    const cursor = new URL(linkTarget(first.headers, 'next')!, 'http://x').searchParams.get('cursor');
    const response = await get<{ code: string; details: unknown[] }>(`/v1/store/orders?petName=${tag}&sort=createdAt&limit=1&cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.details).toEqual([expect.objectContaining({ path: 'cursor', message: expect.stringMatching(/sort=-createdAt.*sort=createdAt/) })]);
  });

  it('keeps accepting the sort=id cursors of before (id:<n>)', async () => {
    const legacy = Buffer.from(`id:${server.seed.ids[2]}`).toString('base64url');
    expect((await walk(`/v1/store/orders?petName=${tag}&cursor=${legacy}`)).ids).toEqual(idsAt(3, 4));
  });
});

const cursor = (text: string) => Buffer.from(text).toString('base64url');

describe('bad values answer 400 invalid_request naming the parameter', () => {
  it.each([
    ['sort', 'sort=placedAt'],
    ['sort', 'sort=date'],
    ['sort', 'sort=createdAt&sort=id'],
    ['petName', 'petName='],
    ['petName', `petName=${'n'.repeat(101)}`],
    ['petName', 'petName=a%07b'],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1')}`],
    ['cursor', `cursor=${cursor('id:1:2026-01-01T00:00:00.000000Z')}`],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1:yesterday')}`],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1:2026-01-01T00:00:00.000Z')}`],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1:2026-13-01T00:00:00.000000Z')}`],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1:2026-02-30T00:00:00.000000Z')}`],
    ['cursor', `sort=createdAt&cursor=${cursor('createdAt:1:2026-01-01T24:00:00.000000Z')}`],
    ['cursor', `sort=-createdAt&cursor=${cursor('-createdAt:1:0000-01-01T00:00:00.000000Z')}`],
    ['cursor', `sort=-createdAt&cursor=${cursor('-createdAt:0:2026-01-01T00:00:00.000000Z')}`],
    ['cursor', `sort=-createdAt&cursor=${cursor('-createdAt:99999999999999999:2026-01-01T00:00:00.000000Z')}`],
    ['cursor', `sort=-id&cursor=${cursor('-id:x')}`],
  ])('%s (%s)', async (parameter, query) => {
    const response = await get<{ code: string; message: string }>(`/v1/store/orders?${query}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain(parameter);
  });

  it('answers every forged date cursor with a page or a 400, never a 500', async () => {
    const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const stamps = fc.oneof(
      fc
        .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(6))
        .map(([y, mo, d, h, mi, s, us]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${us}Z`),
      fc.string({ maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('createdAt', '-createdAt'), stamps, async (sort, stamp) => {
        const response = await get(`/v1/store/orders?sort=${sort}&limit=1&cursor=${cursor(`${sort}:1:${stamp}`)}`);
        expect([200, 400], `${stamp}: ${response.text}`).toContain(response.status);
      }),
      { seed: 20261127, numRuns: 120 },
    );
  });
});

describe('GET /v1/store/orders/counts', () => {
  type Counts = { total: number; placed: number; approved: number; delivered: number; cancelled: number };

  it('counts the orders that match the filters, in all and by status', async () => {
    expect((await get<Counts>(`/v1/store/orders/counts?petName=${tag}`)).body).toEqual({ total: 5, placed: 2, approved: 1, delivered: 1, cancelled: 1 });
    expect((await get<Counts>(`/v1/store/orders/counts?petName=${tag}&status=placed`)).body).toEqual({
      total: 2,
      placed: 2,
      approved: 0,
      delivered: 0,
      cancelled: 0,
    });
    expect((await get<Counts>(`/v1/store/orders/counts?petId=${server.seed.alphaId}`)).body).toEqual({
      total: 3,
      placed: 2,
      approved: 0,
      delivered: 1,
      cancelled: 0,
    });
  });

  it('counts every order without filters', async () => {
    const response = await get<Counts>('/v1/store/orders/counts');
    expect(response.status).toBe(200);
    const { total, ...byStatus } = response.body;
    expect(total).toBeGreaterThanOrEqual(6);
    expect(Object.values(byStatus).reduce((sum, value) => sum + value, 0)).toBe(total);
  });

  it.each([
    ['status', 'status=shipped'],
    ['petId', 'petId=0'],
    ['petName', 'petName='],
  ])('refuses a bad %s (%s) with 400', async (parameter, query) => {
    const response = await get<{ code: string; message: string }>(`/v1/store/orders/counts?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(parameter);
  });

  it('needs an API key', async () => {
    const response = await api('GET', '/v1/store/orders/counts', { baseUrl: server.baseUrl, key: null });
    expect(response.status).toBe(401);
  });
});
