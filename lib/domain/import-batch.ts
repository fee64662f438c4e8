// One batch of an import's rows (a few hundred), decided and written in the caller's
// transaction by the rules of a single create or PATCH (lib/domain/pets.ts): a row with
// an id changes that pet, one without adds a pet; a status change is refused while the
// pet has an open order and to `pending`; tags keep their first spelling. But set-based:
// one statement per kind of read and write for the whole batch, so thousands of rows a
// second hold. A row equal to its pet writes nothing (no activity entry). A dry run reads
// the same and writes nothing.
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { categories, orders, pets, tags as tagsTable } from '../db/schema';
import { OPEN_ORDER_STATUSES } from '../contract/order-transitions';
import { tagKey } from '../contract/tag-values';
import type { PetStatusValue as PetStatus } from '../contract/pet-values';
import type { ImportRow, RowReading } from './import-rows';
import { sortedTags, spellingsOf } from './tags';

export type BatchRow = { row: number; values: string[]; reading: RowReading };
type RowFailure = { row: number; values: string[]; reason: string };
type BatchCounts = { created: number; updated: number; unchanged: number; failed: number };
export type BatchResult = { counts: BatchCounts; failures: RowFailure[] };

type Options = { createCategories: boolean; dryRun: boolean };

type CurrentPet = { id: number; name: string; categoryId: number; status: PetStatus | null; tags: string[] };
/** A pet as a row leaves it; categoryId undefined only in a dry run, for a category it would create. */
type NextPet = { row: number; id?: number; name: string; categoryId: number | undefined; status: PetStatus | null; tags: string[] };

export async function applyBatch(transaction: Executor, rows: BatchRow[], options: Options): Promise<BatchResult> {
  const failures: RowFailure[] = [];
  const fail = (row: BatchRow, reason: string) => failures.push({ row: row.row, values: row.values, reason });
  const good: { source: BatchRow; row: ImportRow }[] = [];
  for (const source of rows) {
    if (source.reading.ok) good.push({ source, row: source.reading.value });
    else fail(source, source.reading.reason);
  }

  const categoryIds = await categoriesByName(
    transaction,
    good.map(({ row }) => row.categoryName).filter((name) => name !== undefined),
    options,
  );
  const ids = [...new Set(good.map(({ row }) => row.id).filter((id) => id !== undefined))];
  const current = await lockedPets(transaction, ids);
  const spellings = await tagSpellings(
    transaction,
    good.flatMap(({ row }) => row.tags ?? []),
    options.dryRun,
  );
  const spelled = (names: string[]) => sortedTags([...new Set(names.map((name) => spellings.get(tagKey(name)) ?? name))]);

  const seen = new Map<number, number>();
  const decided: { source: BatchRow; next: NextPet; was?: CurrentPet }[] = [];
  for (const { source, row } of good) {
    const category = categoryOf(row, categoryIds, options);
    if ('reason' in category) {
      fail(source, category.reason);
      continue;
    }
    if (row.id === undefined) {
      decided.push({ source, next: { row: row.row, name: row.name, categoryId: category.id, status: row.status ?? null, tags: spelled(row.tags ?? []) } });
      continue;
    }
    const was = current.get(row.id);
    if (!was) {
      fail(source, `No pet has id ${row.id}.`);
      continue;
    }
    const earlier = seen.get(row.id);
    if (earlier !== undefined) {
      fail(source, `Pet ${row.id} is changed by row ${earlier} of this file already; give each pet one row.`);
      continue;
    }
    seen.set(row.id, row.row);
    const next: NextPet = {
      row: row.row,
      id: row.id,
      name: row.name,
      categoryId: category.isGiven ? category.id : was.categoryId,
      status: row.status === undefined ? was.status : row.status,
      tags: row.tags === undefined ? was.tags : spelled(row.tags),
    };
    decided.push({ source, next, was });
  }

  const refusals = await statusRefusals(
    transaction,
    decided.filter(({ next, was }) => was && next.status !== was.status).map(({ next, was }) => ({ pet: was!, status: next.status })),
  );
  const creates: NextPet[] = [];
  const updates: NextPet[] = [];
  let unchanged = 0;
  for (const { source, next, was } of decided) {
    const refusal = was && refusals.get(was.id);
    if (refusal) fail(source, refusal);
    else if (!was) creates.push(next);
    else if (isSame(next, was)) unchanged++;
    else updates.push(next);
  }
  if (!options.dryRun) {
    await insertPets(transaction, creates);
    await updatePets(transaction, updates);
  }
  failures.sort((a, b) => a.row - b.row);
  return { counts: { created: creates.length, updated: updates.length, unchanged, failed: failures.length }, failures };
}

function isSame(next: NextPet, was: CurrentPet): boolean {
  return (
    next.name === was.name &&
    next.categoryId === was.categoryId &&
    next.status === was.status &&
    next.tags.length === was.tags.length &&
    next.tags.every((tag, index) => tag === was.tags[index])
  );
}

type CategoryChoice = { id: number | undefined; isGiven: boolean } | { reason: string };

/** The row's category: by name (which must agree with a categoryId given beside it), else its categoryId, else none given. */
function categoryOf(row: ImportRow, byName: Map<string, number | undefined>, options: Options): CategoryChoice {
  if (row.categoryName === undefined) return { id: row.categoryId, isGiven: row.categoryId !== undefined };
  const key = row.categoryName.toLowerCase();
  if (!byName.has(key)) {
    return { reason: `No category is named ${JSON.stringify(row.categoryName)}: add it first, or import with ?createCategories=true.` };
  }
  const id = byName.get(key);
  if (row.categoryId !== undefined && id !== undefined && id !== row.categoryId) {
    return { reason: `category ${JSON.stringify(row.categoryName)} is category ${id}, but categoryId says ${row.categoryId}: leave one of them empty.` };
  }
  if (id === undefined && !options.dryRun) return { reason: `No category is named ${JSON.stringify(row.categoryName)}.` };
  return { id, isGiven: true };
}

/**
 * The categories of these names (any case), by lower-case name. With createCategories the
 * missing ones are added (in name order, so two imports never wait for each other in a
 * circle); in a dry run they are only noted, without an id.
 */
async function categoriesByName(transaction: Executor, names: string[], options: Options): Promise<Map<string, number | undefined>> {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  const found = new Map<string, number | undefined>();
  if (byKey.size === 0) return found;
  const read = async (keys: string[]) => {
    const rows = await transaction
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(sql`lower(${categories.name})`, keys));
    for (const row of rows) found.set(row.name.toLowerCase(), row.id);
  };
  await read([...byKey.keys()]);
  const missing = [...byKey.keys()].filter((key) => !found.has(key)).sort();
  if (missing.length === 0 || !options.createCategories) return found;
  if (options.dryRun) {
    for (const key of missing) found.set(key, undefined);
    return found;
  }
  await transaction
    .insert(categories)
    .values(missing.map((key) => ({ name: byKey.get(key)! })))
    .onConflictDoNothing();
  await read(missing);
  return found;
}

/** The pets of these ids, locked (in id order) until the batch commits, as a change locks its pet. */
async function lockedPets(transaction: Executor, ids: number[]): Promise<Map<number, CurrentPet>> {
  if (ids.length === 0) return new Map();
  const rows = await transaction
    .select({ id: pets.id, name: pets.name, categoryId: pets.categoryId, status: pets.status, tags: pets.tags })
    .from(pets)
    .where(inArray(pets.id, ids))
    .orderBy(asc(pets.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each tag's spelling as first written (new ones are written, except in a dry run: then as given). */
async function tagSpellings(transaction: Executor, names: string[], dryRun: boolean): Promise<Map<string, string>> {
  if (!dryRun) return spellingsOf(transaction, names);
  const keys = [...new Set(names.map(tagKey))];
  if (keys.length === 0) return new Map();
  const rows = await transaction.select({ key: tagsTable.key, name: tagsTable.name }).from(tagsTable).where(inArray(tagsTable.key, keys));
  return new Map(rows.map((row) => [row.key, row.name]));
}

/** Why each status change is refused (as updatePet says it), by pet id. */
async function statusRefusals(transaction: Executor, changes: { pet: CurrentPet; status: PetStatus | null }[]): Promise<Map<number, string>> {
  const refusals = new Map<number, string>();
  for (const { pet, status } of changes) {
    if (status === 'pending') {
      refusals.set(pet.id, `Pet ${pet.id} cannot be made pending by hand: a pet is pending while it has an open order; place an order instead.`);
    }
  }
  const asked = changes.filter(({ pet }) => !refusals.has(pet.id));
  if (asked.length === 0) return refusals;
  const open = await transaction
    .selectDistinctOn([orders.petId], { petId: orders.petId, id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        inArray(
          orders.petId,
          asked.map(({ pet }) => pet.id),
        ),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .orderBy(asc(orders.petId), asc(orders.id));
  const statusOf = new Map(asked.map(({ pet, status }) => [pet.id, status]));
  for (const order of open) {
    const to = statusOf.get(order.petId) ?? 'no status';
    refusals.set(
      order.petId,
      `Pet ${order.petId} has an open order (order ${order.id}, ${order.status}), so its status follows that order and cannot change to ${to}; approve, deliver or cancel the order instead.`,
    );
  }
  return refusals;
}

const asRecords = (next: NextPet[]) =>
  JSON.stringify(next.map((pet) => ({ row: pet.row, id: pet.id, name: pet.name, category_id: pet.categoryId, status: pet.status, tags: pet.tags })));

/** One INSERT for the batch's new pets, in the file's order (their ids follow it). */
async function insertPets(transaction: Executor, creates: NextPet[]): Promise<void> {
  if (creates.length === 0) return;
  await transaction.execute(sql`
    insert into ${pets} (name, category_id, status, tags)
    select r.name, r.category_id, r.status, r.tags
    from jsonb_to_recordset(${asRecords(creates)}::jsonb) as r("row" integer, name text, category_id bigint, status pet_status, tags text[])
    order by r."row"`);
}

/** One UPDATE for the batch's changed pets (each row a pet of its own: one activity entry each). */
async function updatePets(transaction: Executor, updates: NextPet[]): Promise<void> {
  if (updates.length === 0) return;
  await transaction.execute(sql`
    update ${pets} as p set name = r.name, category_id = r.category_id, status = r.status, tags = r.tags
    from jsonb_to_recordset(${asRecords(updates)}::jsonb) as r(id bigint, name text, category_id bigint, status pet_status, tags text[])
    where p.id = r.id`);
}
