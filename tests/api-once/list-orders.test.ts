// GET /v1/store/orders (listOrders, experimental): docs/CONTRACT.md §4.4 and docs/ARCHITECTURE.md's
// Order shape. Placing orders is another operation; these tests cover the
// list's answers and its parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPet } from '@/lib/domain/pets';
import { orders } from '@/lib/db/schema';
import { api, linkTarget, uniqueCategoryId } from '../support/api';
import { serverWithData, type SeededServer } from '../support/seeded-server';

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

describe('listOrders with stored orders', () => {
  const SHIP_DATE = new Date('2026-03-01T10:00:00Z');
  // No operation places orders on this branch: they are stored straight in the database.
  let server: SeededServer<{ petId: number; orderIds: number[]; busyPetId: number; busyOrderIds: number[] }>;

  beforeAll(async () => {
    server = await serverWithData(async (database) => {
      const pet = await createPet(database, { name: 'Ordered', categoryId: uniqueCategoryId(), status: 'pending' });
      const busy = await createPet(database, { name: 'Busy', categoryId: uniqueCategoryId() });
      const stored = await database
        .insert(orders)
        .values([
          { petId: pet.id, quantity: 2, status: 'placed' },
          { petId: pet.id, quantity: 1, status: 'delivered', shipDate: SHIP_DATE },
          ...Array.from({ length: 5 }, () => ({ petId: busy.id, quantity: 1 })),
        ])
        .returning({ id: orders.id });
      const ids = stored.map((order) => order.id);
      return { petId: pet.id, orderIds: ids.slice(0, 2), busyPetId: busy.id, busyOrderIds: ids.slice(2) };
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers orders in the documented Order shape, shipDate omitted until shipped', async () => {
    const { petId, orderIds } = server.seed;
    const response = await api('GET', `/v1/store/orders?petId=${petId}`, { baseUrl: server.baseUrl, key: server.bootstrapKey });
    expect(response.body).toEqual([
      { id: orderIds[0], petId, quantity: 2, status: 'placed', createdAt: expect.any(String) },
      { id: orderIds[1], petId, quantity: 1, status: 'delivered', shipDate: SHIP_DATE.toISOString(), createdAt: expect.any(String) },
    ]);
  });

  it('filters by status', async () => {
    const { petId, orderIds } = server.seed;
    const response = await api('GET', `/v1/store/orders?petId=${petId}&status=delivered`, { baseUrl: server.baseUrl, key: server.bootstrapKey });
    expect(response.body.map((order: { id: number }) => order.id)).toEqual([orderIds[1]]);
  });

  it('pages through a pet\'s orders with Link rel="next", none missed or repeated', async () => {
    const { busyPetId, busyOrderIds } = server.seed;
    const seen: number[] = [];
    let next: string | undefined = `/v1/store/orders?petId=${busyPetId}&limit=2`;
    while (next) {
      const response: { body: { id: number }[]; headers: Headers } = await api('GET', next, { baseUrl: server.baseUrl, key: server.bootstrapKey });
      seen.push(...response.body.map((order) => order.id));
      next = linkTarget(response.headers, 'next');
    }
    expect(seen).toEqual(busyOrderIds);
  });
});
