// Restore from history (lib/domain/restore.ts): the fold that reads a pet's state back from
// the present through its entries' `before`, and, in-process on an in-memory PGlite, a restore
// through the rules of a change (a category deleted since, a status under an open order), a
// restore that names its entry, and a batch undone with a pet changed since left alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { inBatch, listActivity } from '@/lib/domain/activity';
import { createCategory, deleteCategory } from '@/lib/domain/categories';
import { placeOrder } from '@/lib/domain/orders';
import { createPet, deletePet, getPet, updatePet } from '@/lib/domain/pets';
import { changedSince, restoreEntry, stateBefore, undoBatch, type PetEntry } from '@/lib/domain/restore';
import { openMemoryDatabase } from '../support/memory-database';

const rex = { name: 'Rex', categoryId: 1, status: 'available' as const, tags: ['puppy'] };
const entry = (id: number, action: string, before: Record<string, unknown> | null, batchId: string | null = null): PetEntry => ({
  id,
  action,
  before,
  batchId,
});

describe('stateBefore', () => {
  it('puts back the fields each later entry changed, newest first', () => {
    const present = { ...rex, name: 'Rex III', status: 'sold' as const };
    const later = [entry(5, 'update', { name: 'Rex II' }), entry(4, 'photo-add', null), entry(3, 'update', { name: 'Rex', status: 'available' })];
    expect(stateBefore(present, later)).toEqual(rex);
    expect(stateBefore(present, later.slice(0, 1))).toEqual({ ...present, name: 'Rex II' });
  });

  it('brings back every field a delete held, and no pet before a create', () => {
    const deleted = entry(9, 'delete', { id: 7, name: 'Rex', category_id: 1, status: 'available', tags: ['puppy'] });
    expect(stateBefore(null, [deleted])).toEqual(rex);
    expect(stateBefore(null, [deleted, entry(2, 'create', null)])).toBeNull();
    // Deleted before tags existed: none.
    expect(stateBefore(null, [entry(9, 'delete', { id: 7, name: 'Rex', category_id: 1, status: null })])).toEqual({ ...rex, status: null, tags: [] });
  });

  it('reads a pet deleted and restored since as it was between', () => {
    const history = [
      entry(12, 'update', { status: 'available' }),
      entry(11, 'create', null),
      entry(10, 'delete', { name: 'Rex', category_id: 1, status: 'sold', tags: [] }),
    ];
    expect(stateBefore({ ...rex, status: 'pending' }, history.slice(0, 1))).toEqual(rex);
    expect(stateBefore({ ...rex, status: 'pending' }, history)).toEqual({ ...rex, status: 'sold', tags: [] });
  });
});

describe('changedSince', () => {
  it('names the newest entry not in the batch', () => {
    const batch = randomUUID();
    expect(changedSince(7, batch, [entry(3, 'update', {}, batch)])).toBeUndefined();
    expect(changedSince(7, batch, [entry(8, 'update', {}), entry(3, 'update', {}, batch)])).toBe(
      'Pet 7 has changed since the batch (entry 8, update), so it was left as it is.',
    );
  });
});

describe('restoring in-process', () => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => ({ database, close } = await openMemoryDatabase()));
  afterAll(() => close());

  const entriesOf = async (petId: number) => (await listActivity(database, { resource: 'pet', resourceId: String(petId), limit: 100 })).items;

  it('refuses a category deleted since with a sentence, and changes nothing', async () => {
    const [made, other] = await Promise.all(['Gone', 'Kept'].map((name) => createCategory(database, { name: `${name} ${randomUUID()}` })));
    if (!made?.ok || !other?.ok) throw new Error('no categories');
    const pet = await createPet(database, { name: 'Mover', categoryId: made.value.id });
    await updatePet(database, BigInt(pet.id), { categoryId: other.value.id });
    expect(await deleteCategory(database, BigInt(made.value.id))).toEqual({ ok: true, value: null });
    const [, created] = await entriesOf(pet.id);
    const outcome = await restoreEntry(database, created!.id);
    expect(outcome).toEqual({
      ok: false,
      problem: 'conflict',
      message: `Pet ${pet.id} cannot go back to category ${made.value.id}: that category has been deleted since. Create the category again, or restore another entry.`,
    });
    expect((await getPet(database, BigInt(pet.id)))?.categoryId).toBe(other.value.id);
  });

  it('brings back a deleted pet whose category id was never a category’s, as a create would take it', async () => {
    const pet = await createPet(database, { name: 'Stray', categoryId: 987_654 });
    expect((await deletePet(database, BigInt(pet.id))).ok).toBe(true);
    const [deleted] = await entriesOf(pet.id);
    const outcome = await restoreEntry(database, deleted!.id);
    expect(outcome.ok && outcome.value).toMatchObject({ id: pet.id, name: 'Stray', categoryId: 987_654 });
  });

  it('refuses a status while an order is open, with the rule’s reason', async () => {
    const pet = await createPet(database, { name: 'Ordered', categoryId: 1, status: 'sold' });
    await updatePet(database, BigInt(pet.id), { status: 'available' });
    expect((await placeOrder(database, { petId: pet.id, quantity: 1 })).ok).toBe(true);
    const created = (await entriesOf(pet.id)).at(-1)!;
    const outcome = await restoreEntry(database, created.id);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toMatch(new RegExp(`^Pet ${pet.id} has an open order \\(order \\d+, placed\\), so its status follows that order`));
    expect((await getPet(database, BigInt(pet.id)))?.status).toBe('pending');
  });

  it('names the entry it restored, and refuses an entry that is not a pet’s or is unknown', async () => {
    const pet = await createPet(database, { name: 'First', categoryId: 1 });
    await updatePet(database, BigInt(pet.id), { name: 'Second', tags: ['calm'] });
    const created = (await entriesOf(pet.id)).at(-1)!;
    expect(await restoreEntry(database, created.id)).toEqual({ ok: true, value: { id: pet.id, name: 'First', categoryId: 1 } });
    const [latest] = await entriesOf(pet.id);
    expect(latest).toMatchObject({
      action: 'update',
      restoredFrom: created.id,
      before: { name: 'Second', tags: ['calm'] },
      after: { name: 'First', tags: [] },
    });
    const made = await createCategory(database, { name: `Not a pet ${randomUUID()}` });
    const [categoryEntry] = (await listActivity(database, { resource: 'category', resourceId: String(made.ok && made.value.id), limit: 1 })).items;
    expect(await restoreEntry(database, categoryEntry!.id)).toMatchObject({ ok: false, problem: 'conflict', message: expect.stringMatching(/not of a pet/) });
    expect(await restoreEntry(database, 9_000_000_000)).toMatchObject({ ok: false, problem: 'not_found' });
  });

  it('undoes a batch of a change and a delete, leaving a pet changed since alone, as a batch of its own', async () => {
    const batch = randomUUID();
    const category = await createCategory(database, { name: `Batch ${batch}` });
    const categoryId = category.ok ? category.value.id : 0;
    const [kept, changed, deleted] = await Promise.all(
      ['Kept', 'Changed', 'Deleted'].map((name) => createPet(database, { name, categoryId, status: 'available' })),
    );
    await inBatch(batch, async () => {
      await updatePet(database, BigInt(kept!.id), { status: 'sold' });
      await updatePet(database, BigInt(changed!.id), { status: 'sold' });
      await deletePet(database, BigInt(deleted!.id));
    });
    await updatePet(database, BigInt(changed!.id), { name: 'Changed since' });
    const preview = await undoBatch(database, batch, { undoBatchId: randomUUID(), dryRun: true });
    expect(preview.ok && preview.value.restored.map((pet) => pet.id).sort()).toEqual([kept!.id, deleted!.id].sort());
    expect((await getPet(database, BigInt(kept!.id)))?.status).toBe('sold');
    const undoBatchId = randomUUID();
    const undo = await undoBatch(database, batch, { undoBatchId, dryRun: false });
    if (!undo.ok) throw new Error(undo.message);
    expect(undo.value.leftAlone).toEqual([{ id: changed!.id, reason: expect.stringMatching(/changed since the batch/) }]);
    expect(await getPet(database, BigInt(kept!.id))).toMatchObject({ status: 'available' });
    expect(await getPet(database, BigInt(deleted!.id))).toEqual({ id: deleted!.id, name: 'Deleted', categoryId, status: 'available' });
    expect(await getPet(database, BigInt(changed!.id))).toMatchObject({ name: 'Changed since', status: 'sold' });
    const undone = (await listActivity(database, { batchId: undoBatchId, limit: 10 })).items;
    expect(undone.map((row) => row.resourceId).sort()).toEqual([String(kept!.id), String(deleted!.id)].sort());
    expect(undone.find((row) => row.resourceId === String(deleted!.id))).toMatchObject({ action: 'create', restoredFrom: expect.any(Number) });
    expect(await undoBatch(database, randomUUID(), { undoBatchId: randomUUID(), dryRun: true })).toMatchObject({ ok: false, problem: 'not_found' });
  });
});
