// Restore from history (experimental; docs/ROLES.md, "Restore"): a pet set back to its state
// after one of its activity entries, or a whole batch undone. A restore is a new change, never
// a rewrite of the log: it goes through the domain functions a PATCH, a DELETE and a create
// use, so every rule of theirs applies (a status while an order is open: 409 with the reason),
// and its entry names the entry it went back to (`restoredFrom`).
//
// The state is read backwards from the present: entries hold the changed fields only, and a
// pet's create may be past the log's retention, but every entry after the one restored holds
// the fields it changed as they were before it (a delete: every field). So the pet's state
// after entry X is today's, with the `before` of each later entry put back, newest first.
import { and, desc, eq, gte, inArray, lt, max, sql } from 'drizzle-orm';
import type { Pet, PetStatus } from '../contract/pets';
import type { Executor } from '../db/client';
import { activity, categories, pets } from '../db/schema';
import { inBatch, recorded, restoringFrom } from './activity';
import { eachId } from './batch';
import { refused, succeeded, type Outcome } from './outcome';
import { deletePet, recreatePet, updatePet } from './pets';

/** A pet's fields as its entries hold them. */
export type PetState = { name: string; categoryId: number; status: PetStatus | null; tags: string[] };

/** One of a pet's activity entries, as the fold reads it. */
export type PetEntry = {
  id: number;
  action: string;
  before: Record<string, unknown> | null;
  batchId: string | null;
};

/** The fields of an entry's `before` (column names, as the trigger writes them) over `state`. */
function withFields(state: PetState, fields: Record<string, unknown>): PetState {
  const next = { ...state };
  if ('name' in fields) next.name = fields.name as string;
  if ('category_id' in fields) next.categoryId = Number(fields.category_id);
  if ('status' in fields) next.status = fields.status as PetStatus | null;
  // A pet deleted before tags existed (drizzle/0021) had none.
  if ('tags' in fields) next.tags = (fields.tags as string[] | null) ?? [];
  return next;
}

/**
 * The pet's state before the changes of `newestFirst` (its entries, newest first), from its
 * state after them (`present`; null: no pet). A create takes the pet away, a delete brings
 * back every field it held, an update puts back the fields it changed; photo entries change
 * no field. Null when there was no pet before them.
 */
export function stateBefore(present: PetState | null, newestFirst: PetEntry[]): PetState | null {
  let state = present;
  for (const entry of newestFirst) {
    if (entry.action === 'create') state = null;
    else if (entry.action === 'delete') state = withFields({ name: '', categoryId: 0, status: null, tags: [] }, entry.before ?? {});
    else if (entry.action === 'update' && state) state = withFields(state, entry.before ?? {});
  }
  return state;
}

// The advisory lock space of restores of deleted pets ("rest"); act_as's keys use another (drizzle/0018).
const RESTORE_LOCK = 0x72657374;

const presentState = (transaction: Executor, petId: number) =>
  transaction.select({ name: pets.name, categoryId: pets.categoryId, status: pets.status, tags: pets.tags }).from(pets).where(eq(pets.id, petId)).for('update');

/** The pet's entries from `fromId` on, newest first. */
const entriesFrom = (transaction: Executor, petId: number, fromId: number): Promise<PetEntry[]> =>
  transaction
    .select({ id: activity.id, action: activity.action, before: activity.before, batchId: activity.batchId })
    .from(activity)
    .where(and(eq(activity.resource, 'pet'), eq(activity.resourceId, String(petId)), gte(activity.id, fromId)))
    .orderBy(desc(activity.id));

/**
 * A refusal of the category the pet would go back to, when it has been deleted (its delete is
 * in the log). An id no category ever had stays allowed: a pet may name any category id, as a
 * create or a PATCH may give it, and categories that pets name cannot be deleted.
 */
async function goneCategory(transaction: Executor, petId: number, categoryId: number): Promise<string | undefined> {
  const [category] = await transaction.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (category) return undefined;
  const [deletion] = await transaction
    .select({ id: activity.id })
    .from(activity)
    .where(and(eq(activity.resource, 'category'), eq(activity.resourceId, String(categoryId)), eq(activity.action, 'delete')))
    .limit(1);
  if (!deletion) return undefined;
  return `Pet ${petId} cannot go back to category ${categoryId}: that category has been deleted since. Create the category again, or restore another entry.`;
}

/** What setting a pet back did: the pet as it now is, or null when the restore took it away (an undone create). */
type Restored = Pet | null;

/**
 * Sets pet `petId` back to its state before its entries from `fromId` on, in the caller's
 * transaction, through the rules of the change it makes; its entry names `restoredFrom`.
 * `mayChange` may refuse from the entries read (a batch's pet changed since). A pet already in
 * that state is left as it is (no entry).
 */
async function setBack(
  transaction: Executor,
  petId: number,
  options: { fromId: number; restoredFrom: number | undefined; mayChange?: (newestFirst: PetEntry[]) => string | undefined },
): Promise<Outcome<Restored>> {
  let [present] = await presentState(transaction, petId);
  if (!present) {
    // No row to lock: two restores of one deleted pet would both insert it. The second waits
    // for the first here, then finds the pet back and restores over it.
    await transaction.select({ locked: sql`pg_advisory_xact_lock(${RESTORE_LOCK}::integer, ${petId % 2147483647}::integer)` }).from(sql`(select) as nothing`);
    [present] = await presentState(transaction, petId);
  }
  const entries = await entriesFrom(transaction, petId, options.fromId);
  const refusal = options.mayChange?.(entries);
  if (refusal) return refused('conflict', refusal);
  const target = stateBefore(present ?? null, entries);
  const asRestore = <Result>(work: () => Promise<Result>) => (options.restoredFrom === undefined ? work() : restoringFrom(options.restoredFrom, work));
  if (!target) {
    if (!present) return succeeded(null);
    const outcome = await asRestore(() => deletePet(transaction, BigInt(petId)));
    return outcome.ok ? succeeded(null) : outcome;
  }
  if (target.categoryId !== present?.categoryId) {
    const gone = await goneCategory(transaction, petId, target.categoryId);
    if (gone) return refused('conflict', gone);
  }
  if (!present) return succeeded(await asRestore(() => recorded(transaction, (inner) => recreatePet(inner, petId, target))));
  return asRestore(() => updatePet(transaction, BigInt(petId), { ...target, tags: target.tags }));
}

/**
 * POST /v1/activity/{entryId}/restore: the pet of entry `entryId` back to its state after it
 * (a delete entry: the pet it deleted, under its id, with its tags and photos), as one change.
 */
export async function restoreEntry(database: Executor, entryId: number): Promise<Outcome<Pet>> {
  const [entry] = await database
    .select({ resource: activity.resource, resourceId: activity.resourceId, action: activity.action })
    .from(activity)
    .where(eq(activity.id, entryId));
  if (!entry) return refused('not_found', `No activity entry has id ${entryId} (it may be past the log's retention).`);
  if (entry.resource !== 'pet' || entry.resourceId === null) {
    return refused('conflict', `Entry ${entryId} is a change of a ${entry.resource.replace('_', ' ')}, not of a pet: only a pet's entries can be restored.`);
  }
  const petId = Number(entry.resourceId);
  // The state after a delete is no pet: restoring a delete brings back the pet it deleted.
  const fromId = entry.action === 'delete' ? entryId : entryId + 1;
  const outcome = await recorded(database, (transaction) => setBack(transaction, petId, { fromId, restoredFrom: entryId }));
  if (!outcome.ok) return outcome;
  return outcome.value ? succeeded(outcome.value) : refused('conflict', `Pet ${petId} did not exist after entry ${entryId}.`);
}

/** A batch's pets, each with its first entry in the batch, by pet id. */
async function petsOfBatch(database: Executor, batchId: string): Promise<{ petId: number; firstEntryId: number }[]> {
  const rows = await database
    .select({ petId: activity.resourceId, firstEntryId: sql<number>`min(${activity.id})`.mapWith(Number) })
    .from(activity)
    .where(and(eq(activity.batchId, batchId), eq(activity.resource, 'pet')))
    .groupBy(activity.resourceId);
  return rows.map((row) => ({ petId: Number(row.petId), firstEntryId: row.firstEntryId })).sort((a, b) => a.petId - b.petId);
}

/** The entries of the batch's pets since the batch began that are not the batch's, newest first, by pet: one query. */
async function entriesOutsideBatch(database: Executor, batchId: string, batch: { petId: number; firstEntryId: number }[]): Promise<Map<number, PetEntry[]>> {
  const firstEntries = new Map(batch.map((pet) => [pet.petId, pet.firstEntryId]));
  const rows = await database
    .select({ petId: activity.resourceId, id: activity.id, action: activity.action, before: activity.before, batchId: activity.batchId })
    .from(activity)
    .where(
      and(
        eq(activity.resource, 'pet'),
        inArray(
          activity.resourceId,
          batch.map((pet) => String(pet.petId)),
        ),
        gte(activity.id, Math.min(...firstEntries.values())),
        sql`${activity.batchId} is distinct from ${batchId}::uuid`,
      ),
    )
    .orderBy(desc(activity.id));
  const byPet = new Map<number, PetEntry[]>();
  for (const { petId, ...entry } of rows) {
    const id = Number(petId);
    if (entry.id < firstEntries.get(id)!) continue;
    byPet.set(id, [...(byPet.get(id) ?? []), entry]);
  }
  return byPet;
}

/** Why a pet of the batch has changed since it (an entry of its own not in the batch), or undefined. */
export function changedSince(petId: number, batchId: string, newestFirst: PetEntry[]): string | undefined {
  const other = newestFirst.find((entry) => entry.batchId !== batchId);
  if (!other) return undefined;
  return `Pet ${petId} has changed since the batch (entry ${other.id}, ${other.action}), so it was left as it is.`;
}

/**
 * One pet of batch `batchId` back to its state before the batch, in its own transaction, unless
 * it changed since; its entry names the pet's entry before the batch (none when the batch created it).
 */
function undoPetOfBatch(database: Executor, batchId: string, pet: { petId: number; firstEntryId: number }): Promise<Outcome<Restored>> {
  return recorded(database, async (transaction) => {
    const [previous] = await transaction
      .select({ id: max(activity.id) })
      .from(activity)
      .where(and(eq(activity.resource, 'pet'), eq(activity.resourceId, String(pet.petId)), lt(activity.id, pet.firstEntryId)));
    return setBack(transaction, pet.petId, {
      fromId: pet.firstEntryId,
      restoredFrom: previous?.id ?? undefined,
      mayChange: (entries) => changedSince(pet.petId, batchId, entries),
    });
  });
}

export type BatchUndo = { restored: { id: number; pet?: Pet }[]; leftAlone: { id: number; reason: string }[] };

/**
 * Undoes batch `batchId` as the new batch `undoBatchId`: every pet of it whose entries since
 * are all the batch's goes back to its state before the batch, each in its own transaction
 * (as a bulk change: lib/domain/batch.ts); the others are left alone, with the reason. With
 * `dryRun`, changes nothing and lists the pets changed since only (the rules are checked when
 * it acts). Not found when no pet's entry has that batch (or they are past the retention).
 */
export async function undoBatch(database: Executor, batchId: string, options: { undoBatchId: string; dryRun: boolean }): Promise<Outcome<BatchUndo>> {
  const batch = await petsOfBatch(database, batchId);
  if (batch.length === 0) return refused('not_found', `No batch has id ${batchId}, or none of its entries is a pet's (they may be past the log's retention).`);
  const result: BatchUndo = { restored: [], leftAlone: [] };
  if (options.dryRun) {
    const others = await entriesOutsideBatch(database, batchId, batch);
    for (const pet of batch) {
      const reason = changedSince(pet.petId, batchId, others.get(pet.petId) ?? []);
      if (reason) result.leftAlone.push({ id: pet.petId, reason });
      else result.restored.push({ id: pet.petId });
    }
    return succeeded(result);
  }
  const firstEntries = new Map(batch.map((pet) => [pet.petId, pet.firstEntryId]));
  const ids = batch.map((pet) => pet.petId);
  const outcomes = await inBatch(options.undoBatchId, () =>
    eachId(ids, (petId) => undoPetOfBatch(database, batchId, { petId, firstEntryId: firstEntries.get(petId)! })),
  );
  ids.forEach((id, index) => {
    const outcome = outcomes[index]!;
    if (!outcome.ok) result.leftAlone.push({ id, reason: outcome.message });
    else result.restored.push(outcome.value ? { id, pet: outcome.value } : { id });
  });
  return succeeded(result);
}
