// lib/domain/orders.ts in-process on an in-memory PGlite: placing needs an available
// pet and makes it pending, each move gives the pet its status, moves the
// state machine forbids are refused with the allowed ones named, and lists
// filter and page by id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { PetStatus } from '@/lib/contract/pets';
import type { Database } from '@/lib/db/client';
import { countOrders, getOrder, listOrders, moveOrder, placeOrder } from '@/lib/domain/orders';
import { createPet, getPet } from '@/lib/domain/pets';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
});
afterAll(() => close());

async function orderedPet(): Promise<{ petId: number; order: Order }> {
  const pet = await createPet(database, { name: 'Orderable', categoryId: 1, status: 'available' });
  const placed = await placeOrder(database, { petId: pet.id, quantity: 2 });
  if (!placed.ok) throw new Error(placed.message);
  return { petId: pet.id, order: placed.value };
}

const petStatus = async (petId: number) => (await getPet(database, BigInt(petId)))?.status;

describe('placeOrder', () => {
  it('places an order for an available pet and makes the pet pending', async () => {
    const { petId, order } = await orderedPet();
    expect(order).toMatchObject({ petId, quantity: 2, status: 'placed' });
    expect(order).not.toHaveProperty('shipDate');
    expect(await petStatus(petId)).toBe('pending');
    expect(await getOrder(database, BigInt(order.id))).toEqual(order);
  });

  it.each<[PetStatus | undefined, string]>([
    ['pending', 'its status is pending'],
    ['sold', 'its status is sold'],
    [undefined, 'it has no status'],
  ])('refuses a pet whose status is %s', async (status, reason) => {
    const pet = await createPet(database, { name: 'Unavailable', categoryId: 1, status });
    expect(await placeOrder(database, { petId: pet.id, quantity: 1 })).toMatchObject({
      ok: false,
      problem: 'conflict',
      message: expect.stringContaining(reason),
    });
  });

  it('refuses a pet that does not exist', async () => {
    expect(await placeOrder(database, { petId: 987_654_321, quantity: 1 })).toMatchObject({ ok: false, problem: 'not_found' });
  });
});

describe('moveOrder', () => {
  it.each<[OrderStatus[], PetStatus]>([
    [['approved'], 'pending'],
    [['cancelled'], 'available'],
    [['approved', 'cancelled'], 'available'],
    [['approved', 'delivered'], 'sold'],
  ])('after %j the pet is %s', async (moves, expected) => {
    const { petId, order } = await orderedPet();
    let last: Order = order;
    for (const status of moves) {
      const moved = await moveOrder(database, BigInt(order.id), status);
      if (!moved.ok) throw new Error(moved.message);
      last = moved.value;
    }
    expect(last.status).toBe(moves.at(-1));
    expect(await petStatus(petId)).toBe(expected);
    if (last.status === 'delivered') expect(Date.parse(last.shipDate!)).toBeGreaterThanOrEqual(Date.parse(last.createdAt));
  });

  it.each<[OrderStatus[], OrderStatus, string]>([
    [[], 'delivered', 'approved or cancelled'],
    [[], 'placed', 'approved or cancelled'],
    [['approved', 'delivered'], 'cancelled', 'none: delivered is final'],
    [['cancelled'], 'approved', 'none: cancelled is final'],
  ])('after %j refuses %s, naming the allowed moves', async (moves, status, allowed) => {
    const { petId, order } = await orderedPet();
    for (const move of moves) await moveOrder(database, BigInt(order.id), move);
    const before = await petStatus(petId);
    expect(await moveOrder(database, BigInt(order.id), status)).toMatchObject({ ok: false, problem: 'conflict', message: expect.stringContaining(allowed) });
    expect(await petStatus(petId)).toBe(before);
  });

  it('answers not_found for an order that does not exist', async () => {
    expect(await moveOrder(database, 987_654_321n, 'approved')).toMatchObject({ ok: false, problem: 'not_found' });
  });
});

describe('listOrders', () => {
  it('filters by pet and status, and pages by id', async () => {
    const { petId, order: first } = await orderedPet();
    await moveOrder(database, BigInt(first.id), 'cancelled');
    const second = await placeOrder(database, { petId, quantity: 1 });
    if (!second.ok) throw new Error(second.message);

    const byPet = await listOrders(database, { limit: 1, sort: 'id', petId: BigInt(petId) });
    expect(byPet.items.map((order) => order.id)).toEqual([first.id]);
    expect(byPet.nextCursor).toEqual({ sort: 'id', id: first.id });
    const next = await listOrders(database, { limit: 1, sort: 'id', petId: BigInt(petId), cursor: byPet.nextCursor! });
    expect(next).toEqual({ items: [second.value], nextCursor: null });
    const placed = await listOrders(database, { limit: 100, sort: 'id', petId: BigInt(petId), status: 'placed' });
    expect(placed.items.map((order) => order.id)).toEqual([second.value.id]);
  });

  it('pages by date placed, latest first, with the microseconds in the cursor', async () => {
    const { petId, order: first } = await orderedPet();
    await moveOrder(database, BigInt(first.id), 'cancelled');
    const second = await placeOrder(database, { petId, quantity: 1 });
    if (!second.ok) throw new Error(second.message);
    const latest = await listOrders(database, { limit: 1, sort: '-createdAt', petId: BigInt(petId) });
    expect(latest.items.map((order) => order.id)).toEqual([second.value.id]);
    expect(latest.nextCursor?.key).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const next = await listOrders(database, { limit: 1, sort: '-createdAt', petId: BigInt(petId), cursor: latest.nextCursor! });
    expect(next.items.map((order) => order.id)).toEqual([first.id]);
  });

  it('searches by pet name and counts by status', async () => {
    const name = `Quokka ${crypto.randomUUID()}`;
    const pet = await createPet(database, { name, categoryId: 1, status: 'available' });
    const placed = await placeOrder(database, { petId: pet.id, quantity: 1 });
    if (!placed.ok) throw new Error(placed.message);
    const found = await listOrders(database, { limit: 10, sort: 'id', petName: name.slice(3).toUpperCase() });
    expect(found.items).toEqual([placed.value]);
    expect(await countOrders(database, { petName: name })).toEqual({ total: 1, placed: 1, approved: 0, delivered: 0, cancelled: 0 });
    const all = await countOrders(database, {});
    expect(all.total).toBe((await listOrders(database, { limit: 100, sort: 'id' })).items.length);
    expect(all.placed).toBeGreaterThanOrEqual(1);
  });
});
