// GET /v1/store/orders (listOrders, experimental): spec §4.4 and DESIGN.md's
// Order shape. Placing orders is another operation; these tests cover the
// list's answers and its parameters.
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import { addPet, api, linkTarget, uniqueCategoryId } from '../support/api';

/** Stores orders straight in the suite's PostgreSQL database (no operation places them yet on this branch). */
async function storeOrders(rows: (typeof schema.orders.$inferInsert)[]) {
  const client = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  try {
    return await drizzle(client, { schema }).insert(schema.orders).values(rows).returning({ id: schema.orders.id });
  } finally {
    await client.end();
  }
}

describe('listOrders', () => {
  it('answers 200 with an array of orders', async () => {
    const response = await api('GET', '/v1/store/orders');
    expect(response.status).toBe(200);
    expect(response.operationId).toBe('listOrders');
    expect(Array.isArray(response.body)).toBe(true);
  });

  it('answers 401 without an API key', async () => {
    const response = await api('GET', '/v1/store/orders', { key: null });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
  });

  it.each(['placed', 'approved', 'delivered', 'cancelled'])('accepts status=%s', async (status) => {
    const response = await api<{ status: string }[]>('GET', `/v1/store/orders?status=${status}`);
    expect(response.status).toBe(200);
    expect(response.body.every((order) => order.status === status)).toBe(true);
  });

  it('answers an empty list for a pet that has no orders', async () => {
    const response = await api('GET', '/v1/store/orders?petId=9223372036854775807');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
    expect(linkTarget(response.headers, 'next')).toBeUndefined();
  });

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=1&limit=2'],
    ['status', 'status=shipped'],
    ['petId', 'petId=0'],
    ['petId', 'petId=abc'],
    ['petId', 'petId=1.5'],
    ['petId', 'petId=9223372036854775808'],
    ['cursor', 'cursor=nope'],
  ])('rejects a bad %s (%s) with invalid_request naming it', async (parameter, query) => {
    const response = await api('GET', `/v1/store/orders?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(response.body.message).toContain(parameter);
  });

  it('ignores unknown query parameters', async () => {
    const response = await api('GET', '/v1/store/orders?colour=red');
    expect(response.status).toBe(200);
  });
});

describe.skipIf(inject('database') !== 'postgres')('listOrders with stored orders (PostgreSQL only: the server holds the PGlite folder)', () => {
  it('answers orders in the documented Order shape, shipDate omitted until shipped', async () => {
    const pet = await addPet({ name: 'Ordered', categoryId: uniqueCategoryId(), status: 'pending' });
    const shipDate = new Date('2026-03-01T10:00:00Z');
    const [placed, delivered] = await storeOrders([
      { petId: pet.id, quantity: 2, status: 'placed' },
      { petId: pet.id, quantity: 1, status: 'delivered', shipDate },
    ]);
    const response = await api('GET', `/v1/store/orders?petId=${pet.id}`);
    expect(response.body).toEqual([
      { id: placed!.id, petId: pet.id, quantity: 2, status: 'placed', createdAt: expect.any(String) },
      { id: delivered!.id, petId: pet.id, quantity: 1, status: 'delivered', shipDate: shipDate.toISOString(), createdAt: expect.any(String) },
    ]);
  });

  it('pages through one pet\'s orders with Link rel="next", none missed or repeated', async () => {
    const pet = await addPet({ name: 'Busy', categoryId: uniqueCategoryId() });
    const stored = await storeOrders(Array.from({ length: 5 }, () => ({ petId: pet.id, quantity: 1 })));
    const seen: number[] = [];
    let next: string | undefined = `/v1/store/orders?petId=${pet.id}&limit=2`;
    while (next) {
      const response: { body: { id: number }[]; headers: Headers } = await api('GET', next);
      seen.push(...response.body.map((order) => order.id));
      next = linkTarget(response.headers, 'next');
    }
    expect(seen).toEqual(stored.map((order) => order.id));
  });
});
