// lib/domain/pets.ts in-process on an in-memory PGlite: keyset pages in every order,
// search and filters, counts, merge-patch updates and the refusals of the
// status rules and of deleting a pet that orders refer to.
import { between, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet, PetSort } from '@/lib/contract/pets';
import type { Database } from '@/lib/db/client';
import { pets } from '@/lib/db/schema';
import { moveOrder, placeOrder } from '@/lib/domain/orders';
import { countPets, createPet, deletePet, getPet, listPets, updatePet, type ListPetsOptions } from '@/lib/domain/pets';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
});
afterAll(() => close());

/** Every page of a listing, followed by its cursors. */
async function everyPage(options: Omit<ListPetsOptions, 'cursor'>): Promise<Pet[][]> {
  const pages: Pet[][] = [];
  let cursor: ListPetsOptions['cursor'];
  do {
    const page = await listPets(database, { ...options, cursor });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('listPets', () => {
  const categoryId = 7001;
  const names = ['delta', 'Alpha', 'charlie', 'bravo', 'alpha', 'Echo', 'bravo'];
  let created: Pet[];

  beforeAll(async () => {
    created = [];
    for (const name of names) created.push(await createPet(database, { name, categoryId, status: 'available' }));
  });

  it.each<[PetSort, (a: Pet, b: Pet) => number]>([
    ['id', (a, b) => a.id - b.id],
    ['-id', (a, b) => b.id - a.id],
    ['name', (a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1)],
    ['-name', (a, b) => (a.name === b.name ? b.id - a.id : a.name < b.name ? 1 : -1)],
  ])('pages sort=%s without skipping or repeating a pet, ties broken by id', async (sort, order) => {
    const pages = await everyPage({ limit: 2, sort, categoryId });
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual([...created].sort(order));
  });

  it('finds a substring of the name in any case, with % and _ taken literally', async () => {
    const percent = await createPet(database, { name: '100% good_boy', categoryId });
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId, name: 'ALPHA' })).items.map((pet) => pet.name)).toEqual(['Alpha', 'alpha']);
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId, name: '0% g' })).items).toEqual([percent]);
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId, name: 'd_b' })).items).toEqual([percent]);
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId, name: '%' })).items).toEqual([percent]);
    await deletePet(database, BigInt(percent.id));
  });

  it('filters by status, and by no status', async () => {
    const unset = await createPet(database, { name: 'no status', categoryId: 7002 });
    const sold = await createPet(database, { name: 'sold one', categoryId: 7002, status: 'sold' });
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId: 7002, status: 'none' })).items).toEqual([unset]);
    expect((await listPets(database, { limit: 20, sort: 'id', categoryId: 7002, status: 'sold' })).items).toEqual([sold]);
    expect(unset).not.toHaveProperty('status');
  });
});

describe('listPets on a catalogue past the walk bound', () => {
  // 12,000 pets in categories 8001-8004: more than a search walks in the sort's order
  // before it finds its matches by the filters instead (lib/domain/pets.ts, walkBound), so
  // both ways are taken (on PGlite, in id ranges); every page must be what filtering and sorting all of them gives.
  let all: Pet[];

  beforeAll(async () => {
    // Ids 5 apart, so that PGlite's search reads several id ranges (lib/domain/pets.ts, ID_STEP).
    const first = 1_000_000;
    await database.execute(sql`
      insert into pets (id, name, category_id, status)
      select ${first} + g * 5, (array['Ziggy', 'Abby', 'Rex', 'Pierre', 'Bella'])[1 + g % 5] || ' ' || (g % 97), 8001 + g % 4,
             (array[null, 'available', 'pending', 'sold'])[1 + (g / 4) % 4]::pet_status
      from generate_series(1, 12000) as g`);
    await database.execute(sql`select setval(pg_get_serial_sequence('pets', 'id'), (select max(id) from pets))`);
    const rows = await database
      .select({ id: pets.id, name: pets.name, categoryId: pets.categoryId, status: pets.status })
      .from(pets)
      .where(between(pets.categoryId, 8001, 8004));
    all = rows.map(({ status, ...pet }) => ({ ...pet, ...(status && { status }) }));
  });

  const byName = (a: Pet, b: Pet) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1);

  it.each<[string, Partial<ListPetsOptions>, PetSort]>([
    ['a rare name at the end of the name order', { name: 'ziggy 9' }, 'name'],
    ['a name and a status', { name: 'rex', status: 'sold' }, '-name'],
    ['a category and a status', { categoryId: 8003, status: 'pending' }, 'name'],
    ['a two-letter text', { name: 'zi', categoryId: 8002 }, '-id'],
    ['a rare name and a status, by id', { name: 'ziggy 9', status: 'sold' }, 'id'],
    ['a status with no pets in the category', { categoryId: 8001, status: 'available', name: 'e' }, 'name'],
  ])('%s: every page is the filtered, sorted catalogue', async (_, filters, sort) => {
    const pages = await everyPage({ limit: 50, sort, ...filters });
    const matches = all
      .filter((pet) => pet.categoryId === (filters.categoryId ?? pet.categoryId))
      .filter((pet) => !filters.status || pet.status === filters.status)
      .filter((pet) => !filters.name || pet.name.toLowerCase().includes(filters.name.toLowerCase()));
    const orders: Record<PetSort, (a: Pet, b: Pet) => number> = {
      id: (a, b) => a.id - b.id,
      '-id': (a, b) => b.id - a.id,
      name: byName,
      '-name': (a, b) => byName(b, a),
    };
    const sorted = matches.sort(orders[sort]);
    expect(pages.flat()).toEqual(sorted);
    expect(pages.slice(0, -1).every((page) => page.length === 50)).toBe(true);
  });
});

describe('countPets', () => {
  it('counts each status for a filter, and every pet without one', async () => {
    const categoryId = 7100;
    for (const status of ['available', 'available', 'sold', undefined] as const) await createPet(database, { name: 'Counted', categoryId, status });
    expect(await countPets(database, { categoryId })).toEqual({ total: 4, available: 2, pending: 0, sold: 1, none: 1 });
    expect(await countPets(database, { categoryId, status: 'available' })).toEqual({ total: 2, available: 2, pending: 0, sold: 0, none: 0 });
  });

  it('keeps the unfiltered counters in step with creates and deletes', async () => {
    const before = await countPets(database, {});
    const pet = await createPet(database, { name: 'Counter', categoryId: 7101, status: 'pending' });
    expect(await countPets(database, {})).toMatchObject({ total: before.total + 1, pending: before.pending + 1 });
    await deletePet(database, BigInt(pet.id));
    expect(await countPets(database, {})).toEqual(before);
  });
});

describe('updatePet', () => {
  it('applies a merge patch: the fields given change, the rest stay, null removes the status', async () => {
    const pet = await createPet(database, { name: 'Before', categoryId: 1, status: 'available' });
    const renamed = await updatePet(database, BigInt(pet.id), { name: 'After' });
    expect(renamed).toEqual({ ok: true, value: { ...pet, name: 'After' } });
    const cleared = await updatePet(database, BigInt(pet.id), { status: null });
    expect(cleared).toEqual({ ok: true, value: { id: pet.id, name: 'After', categoryId: 1 } });
    expect(await getPet(database, BigInt(pet.id))).toEqual({ id: pet.id, name: 'After', categoryId: 1 });
  });

  it('refuses pending, and any status change while an order is open, naming the order', async () => {
    const pet = await createPet(database, { name: 'Ordered', categoryId: 1, status: 'available' });
    expect(await updatePet(database, BigInt(pet.id), { status: 'pending' })).toMatchObject({ ok: false, problem: 'conflict' });
    const order = await placeOrder(database, { petId: pet.id, quantity: 1 });
    if (!order.ok) throw new Error(order.message);
    const refusal = await updatePet(database, BigInt(pet.id), { status: 'sold', name: 'Renamed' });
    expect(refusal).toMatchObject({ ok: false, problem: 'conflict', message: expect.stringContaining(`order ${order.value.id}`) });
    // Nothing of a refused patch is applied, and the same status is no change.
    expect(await getPet(database, BigInt(pet.id))).toMatchObject({ name: 'Ordered', status: 'pending' });
    expect(await updatePet(database, BigInt(pet.id), { status: 'pending', name: 'Renamed' })).toMatchObject({ ok: true, value: { name: 'Renamed' } });
  });

  it('answers not_found for an id no pet has, however large', async () => {
    expect(await updatePet(database, 9_007_199_254_740_991n, { name: 'x' })).toMatchObject({ ok: false, problem: 'not_found' });
    expect(await updatePet(database, 2n ** 63n - 1n, { name: 'x' })).toMatchObject({ ok: false, problem: 'not_found' });
  });
});

describe('deletePet', () => {
  it('deletes a pet no order refers to, and keeps one that an order, even a closed one, refers to', async () => {
    const free = await createPet(database, { name: 'Free', categoryId: 1, status: 'available' });
    expect(await deletePet(database, BigInt(free.id))).toEqual({ ok: true, value: null });
    expect(await getPet(database, BigInt(free.id))).toBeUndefined();

    const sold = await createPet(database, { name: 'Sold', categoryId: 1, status: 'available' });
    const order = await placeOrder(database, { petId: sold.id, quantity: 1 });
    if (!order.ok) throw new Error(order.message);
    await moveOrder(database, BigInt(order.value.id), 'cancelled');
    expect(await deletePet(database, BigInt(sold.id))).toMatchObject({
      ok: false,
      problem: 'conflict',
      message: expect.stringContaining(`order ${order.value.id}`),
    });
    expect(await getPet(database, BigInt(sold.id))).toBeDefined();
  });
});
