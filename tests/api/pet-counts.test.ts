// GET /v1/pets/counts (experimental): the list's filters, counted in all and by
// status; unfiltered it reads the counters the triggers keep (drizzle/0007),
// which must follow every change: create, PATCH, DELETE, orders.
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { addPet, api, uniqueCategoryId } from '../support/api';

type Counts = { total: number; available: number; pending: number; sold: number; none: number };

async function counts(query = ''): Promise<Counts> {
  const response = await api<Counts>('GET', `/v1/pets/counts${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.operationId).toBe('countPets');
  return response.body;
}

function difference(after: Counts, before: Counts): Counts {
  return {
    total: after.total - before.total,
    available: after.available - before.available,
    pending: after.pending - before.pending,
    sold: after.sold - before.sold,
    none: after.none - before.none,
  };
}

describe('GET /v1/pets/counts', () => {
  it('counts pets of a category by status, none for those without one', async () => {
    const categoryId = uniqueCategoryId();
    for (const status of ['available', 'available', 'sold', undefined, 'pending'] as const) {
      await addPet({ name: 'Counted', categoryId, ...(status && { status }) });
    }
    expect(await counts(`?categoryId=${categoryId}`)).toEqual({ total: 5, available: 2, pending: 1, sold: 1, none: 1 });
  });

  it('combines name, status and categoryId as the list does', async () => {
    const categoryId = uniqueCategoryId();
    const tag = Math.random().toString(36).slice(2, 10);
    await addPet({ name: `Bella ${tag}`, categoryId, status: 'available' });
    await addPet({ name: `bella-${tag}`, categoryId, status: 'sold' });
    await addPet({ name: `Max ${tag}`, categoryId, status: 'available' });
    expect(await counts(`?name=BELLA&categoryId=${categoryId}`)).toEqual({ total: 2, available: 1, pending: 0, sold: 1, none: 0 });
    expect(await counts(`?name=${tag}&status=available`)).toEqual({ total: 2, available: 2, pending: 0, sold: 0, none: 0 });
    const listed = await api('GET', `/v1/pets?name=${tag}&status=available`);
    expect(listed.body).toHaveLength(2);
  });

  it('keeps the unfiltered counts exact through create, change, order and delete', async () => {
    const categoryId = uniqueCategoryId();
    const before = await counts();
    const available = await addPet({ name: 'Tracked', categoryId, status: 'available' });
    const none = await addPet({ name: 'Tracked', categoryId });
    await addPet({ name: 'Tracked', categoryId, status: 'sold' });
    expect(difference(await counts(), before)).toEqual({ total: 3, available: 1, pending: 0, sold: 1, none: 1 });

    expect((await api('PATCH', `/v1/pets/${none.id}`, { json: { status: 'available' } })).status).toBe(200);
    expect((await api('POST', '/v1/store/orders', { json: { petId: available.id } })).status).toBe(201);
    expect(difference(await counts(), before)).toEqual({ total: 3, available: 1, pending: 1, sold: 1, none: 0 });

    expect((await api('DELETE', `/v1/pets/${none.id}`)).status).toBe(204);
    expect(difference(await counts(), before)).toEqual({ total: 2, available: 0, pending: 1, sold: 1, none: 0 });
  });

  it('stays exact under concurrent creates, changes and orders', async () => {
    const categoryId = uniqueCategoryId();
    const before = await counts();
    const created = await Promise.all(Array.from({ length: 20 }, () => addPet({ name: 'Concurrent', categoryId, status: 'available' })));
    await Promise.all([
      ...created.slice(0, 5).map((pet) => api('POST', '/v1/store/orders', { json: { petId: pet.id } })),
      ...created.slice(5, 10).map((pet) => api('PATCH', `/v1/pets/${pet.id}`, { json: { status: 'sold' } })),
      ...created.slice(10, 15).map((pet) => api('DELETE', `/v1/pets/${pet.id}`)),
    ]);
    expect(difference(await counts(), before)).toEqual({ total: 15, available: 5, pending: 5, sold: 5, none: 0 });
  });

  it.runIf(inject('database') === 'postgres')('equals a count of the table itself', async () => {
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ status: string | null; count: number }[]>`select status, count(*)::int as count from pets group by status`;
      const actual = { total: 0, available: 0, pending: 0, sold: 0, none: 0 };
      for (const row of rows) {
        actual[(row.status ?? 'none') as keyof typeof actual] += row.count;
        actual.total += row.count;
      }
      expect(await counts()).toEqual(actual);
    } finally {
      await sql.end();
    }
  });

  it('agrees with the filtered count of each status', async () => {
    await addPet({ name: 'Agreeing', categoryId: uniqueCategoryId(), status: 'pending' });
    const all = await counts();
    expect(all.total).toBe(all.available + all.pending + all.sold + all.none);
    for (const status of ['available', 'pending', 'sold'] as const) {
      expect((await counts(`?status=${status}`))[status]).toBe(all[status]);
    }
  });

  it.each([
    ['status=lost', 'status'],
    ['categoryId=0', 'categoryId'],
    ['name=', 'name'],
  ])('rejects %s with invalid_request', async (query, path) => {
    const response = await api('GET', `/v1/pets/counts?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([expect.objectContaining({ path })]);
  });

  it('ignores the list-only parameters', async () => {
    const categoryId = uniqueCategoryId();
    await addPet({ name: 'Ignored', categoryId });
    expect((await counts(`?categoryId=${categoryId}&limit=1&sort=-name&cursor=x`)).total).toBe(1);
  });
});
