// What the service knows about pets: list (keyset pages in four orders, with
// search and filters, tags among them), count, create, get, change (their tags
// too) and delete. Changing and deleting lock the pet's row first, as
// lib/domain/orders.ts does, so they serialise with orders placed or moved for
// the same pet.
import { and, asc, between, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, max, min, sql, type SQL } from 'drizzle-orm';
import type { NewPet, Pet, PetCounts, PetCountsQuery, PetCursor, PetSort, PetStatus, PetTimestamps, PetUpdate } from '../contract/pets';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import { selectPlannedEachTime } from '../db/planned-each-time';
import { withinSearchDeadline, type SearchDeadline } from '../db/search-deadline';
import { containing } from '../db/like';
import { preparedStatement } from '../db/prepared';
import { orders, petCounts, petPhotos, pets } from '../db/schema';
import { OPEN_ORDER_STATUSES } from '../contract/order-transitions';
import { refused, succeeded, type Outcome } from './outcome';
import { actorParameters, recorded } from './activity';
import { countsByStatus } from './status-counts';
import { sortedTags, spellingsOf, tagIdsOf } from './tags';
import { rarestFirst, tagConditions, tagValues, type TagsBy } from './pet-tag-filter';
import { MAX_TAGS_PER_PET, tagKey } from '../contract/tag-values';

const petColumns = { id: pets.id, name: pets.name, categoryId: pets.categoryId, status: pets.status };

type PetRow = Pick<typeof pets.$inferSelect, keyof typeof petColumns>;

/** A stored NULL status is omitted from the Pet, never sent as null. */
function toPet(row: PetRow): Pet {
  const pet: Pet = { id: row.id, name: row.name, categoryId: row.categoryId };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

type PetFilters = { status?: PetStatus | 'none'; name?: string; categoryId?: number; tag?: string[] };
export type ListPetsOptions = PetFilters & { limit: number; sort: PetSort; cursor?: PetCursor };
export type PetPage = { items: Pet[]; nextCursor: PetCursor | null };

// byStatus 'none': the pets without a status (IS NULL, no parameter); byTags: how many tags a pet
// must all have, and tagsBy how they are looked for where a query gathers matches (pet-tag-filter.ts).
type Shape = { byStatus: false | 'value' | 'none'; byName: boolean; byCategory: boolean; byTags: number; tagsBy: TagsBy };

function shapeOf(filters: PetFilters, tagCount = filters.tag?.length ?? 0): Shape {
  const byStatus = filters.status === undefined ? false : filters.status === 'none' ? 'none' : 'value';
  return { byStatus, byName: filters.name !== undefined, byCategory: filters.categoryId !== undefined, byTags: tagCount, tagsBy: 'probe' };
}

/** The status part of a prepared statement's name. */
const statusPart = (shape: Shape): string | false => (shape.byStatus === 'none' ? 'no_status' : shape.byStatus && 'status');

// The columns the conditions and orders name: the table's, or a subquery's over it (walkedQuery).
type PetColumns = Record<'id' | 'name' | 'categoryId' | 'status', AnyPgColumn>;

function filterConditions(shape: Shape, columns: PetColumns = pets): SQL[] {
  const conditions: SQL[] = [];
  if (shape.byStatus === 'value') conditions.push(eq(columns.status, sql.placeholder('status')));
  if (shape.byStatus === 'none') conditions.push(isNull(columns.status));
  if (shape.byCategory) conditions.push(eq(columns.categoryId, sql.placeholder('categoryId')));
  if (shape.byName) conditions.push(ilike(columns.name, sql.placeholder('pattern')));
  conditions.push(...tagConditions(shape.byTags, columns.id, shape.tagsBy));
  return conditions;
}

function filterValues(filters: PetFilters, tagIds: number[] = []): Record<string, unknown> {
  return {
    status: filters.status === 'none' ? undefined : filters.status,
    categoryId: filters.categoryId,
    pattern: filters.name === undefined ? undefined : containing(filters.name),
    ...tagValues(tagIds),
  };
}

// Keyset on (sort key, id): the page after the cursor, in the sort's direction.
// The row comparison is what the (name, id) index answers.
function afterCursor(sort: PetSort): SQL {
  const afterId = sql.placeholder('afterId');
  const afterName = sql`${sql.placeholder('afterName')}::text`;
  switch (sort) {
    case 'id':
      return gt(pets.id, afterId);
    case '-id':
      return lt(pets.id, afterId);
    case 'name':
      return sql`(${pets.name}, ${pets.id}) > (${afterName}, ${afterId})`;
    case '-name':
      return sql`(${pets.name}, ${pets.id}) < (${afterName}, ${afterId})`;
  }
}

function orderBy(sort: PetSort, columns: PetColumns = pets): SQL[] {
  switch (sort) {
    case 'id':
      return [asc(columns.id)];
    case '-id':
      return [desc(columns.id)];
    case 'name':
      return [asc(columns.name), asc(columns.id)];
    case '-name':
      return [desc(columns.name), desc(columns.id)];
  }
}

// The same order on expressions no index has (\`name || ''\` sorts as name does): the planner
// cannot walk an index in the sort's order, so it finds the matches by the filters' own
// indexes (trigram, status, category) and sorts them.
function orderOfMatches(sort: PetSort): SQL[] {
  switch (sort) {
    case 'id':
      return [sql`${pets.id} + 0`];
    case '-id':
      return [sql`${pets.id} + 0 desc`];
    case 'name':
      return [sql`${pets.name} || ''`, asc(pets.id)];
    case '-name':
      return [sql`${pets.name} || '' desc`, desc(pets.id)];
  }
}

function listQuery(database: Database, shape: Shape, sort: PetSort, hasCursor: boolean) {
  const conditions = filterConditions(shape);
  if (hasCursor) conditions.push(afterCursor(sort));
  return database
    .select(petColumns)
    .from(pets)
    .where(and(...conditions))
    .orderBy(...orderBy(sort))
    .limit(sql.placeholder('limit'));
}

/**
 * How many pets a search walks in the sort's order before it looks for its
 * matches by the filters instead: 2,000 rows cost a few milliseconds, and a
 * search whose matches are denser than limit+1 in 2,000 is answered by them.
 * A name text of one or two characters has no trigram to look up, so its
 * matches are found by reading every candidate (~0.25 s at 1,000,000 pets):
 * it walks 10,000 first (~25 ms), which finds a page of any common text.
 */
const walkBound = (filters: PetFilters) => (filters.name !== undefined && filters.name.length < 3 ? 10_000 : 2_000);

/** The first `bound` pets in the sort's order (after the cursor), filtered: exact when it finds a full page. */
function walkedQuery(database: Database, shape: Shape, sort: PetSort, hasCursor: boolean, bound: number) {
  const walked = database
    .select(petColumns)
    .from(pets)
    .where(hasCursor ? afterCursor(sort) : undefined)
    .orderBy(...orderBy(sort))
    .limit(bound)
    .as('walked');
  return database
    .select()
    .from(walked)
    .where(and(...filterConditions({ ...shape, tagsBy: 'probe' }, walked)))
    .orderBy(...orderBy(sort, walked))
    .limit(sql.placeholder('limit'));
}

/**
 * Every match of the filters (after the cursor, and of `within`), sorted, the
 * page taken from them: bounded by the matches, not the table.
 */
function matchesQuery(database: Database, shape: Shape, sort: PetSort, hasCursor: boolean, within?: SQL) {
  const conditions = filterConditions(shape);
  if (hasCursor) conditions.push(afterCursor(sort));
  if (within) conditions.push(within);
  return database
    .select(petColumns)
    .from(pets)
    .where(and(...conditions))
    .orderBy(...orderOfMatches(sort))
    .limit(sql.placeholder('limit'));
}

// PGlite's steps (lib/db/search-deadline.ts): ids in ranges of ID_STEP, about 30 ms of reading
// each at 200,000 pets on a busy machine; the deadline is checked between them.
const ID_STEP = 20_000;
const inIdRange = between(pets.id, sql.placeholder('fromId'), sql.placeholder('toId'));

/** The id ranges of the table, in the order `sort` reads them (newest first for -id). */
async function* idRanges(database: Database, deadline: SearchDeadline, sort?: PetSort): AsyncGenerator<{ fromId: number; toId: number }> {
  const [bounds] = await database.select({ low: min(pets.id), high: max(pets.id) }).from(pets);
  if (!bounds || bounds.low === null || bounds.high === null) return;
  const count = Math.ceil((bounds.high - bounds.low + 1) / ID_STEP);
  for (let step = 0; step < count; step++) {
    await deadline.betweenSteps();
    const index = sort === '-id' ? count - 1 - step : step;
    yield { fromId: bounds.low + index * ID_STEP, toId: bounds.low + (index + 1) * ID_STEP - 1 };
  }
}

/**
 * matchesQuery read in id ranges (PGlite): each range's best page, then, sorted
 * by id, the first full page in range order; sorted by name, the best of those
 * pages, sorted once more by the database.
 */
async function matchesInSteps(
  database: Database,
  deadline: SearchDeadline,
  shape: Shape,
  options: ListPetsOptions,
  values: Record<string, unknown>,
): Promise<PetRow[]> {
  const hasCursor = options.cursor !== undefined;
  const found: PetRow[] = [];
  for await (const range of idRanges(database, deadline, options.sort)) {
    found.push(...(await selectPlanned(database, matchesQuery(database, shape, options.sort, hasCursor, inIdRange), { ...values, ...range })));
    if (!options.sort.endsWith('name') && found.length > options.limit) break;
  }
  if (!options.sort.endsWith('name') || found.length === 0) return found.slice(0, options.limit + 1);
  await deadline.betweenSteps();
  const ids = inArray(
    pets.id,
    found.map((row) => row.id),
  );
  return selectPlanned(database, matchesQuery(database, shape, options.sort, hasCursor, ids), values);
}

/**
 * Whether a walk of an index in the sort's order may read far to fill a page:
 * a name search or tags (their matches may be rare, or all at the far end of
 * the order), or a filter on a list sorted by name (a status or category may
 * be rare, or the two together empty). A status or a category alone, by id,
 * has an index in that order.
 */
const mayWalkFar = (shape: Shape, sort: PetSort) =>
  shape.byName || shape.byTags > 0 || (sort.endsWith('name') && (shape.byStatus !== false || shape.byCategory));

// One prepared statement per shape of the list (each filter, sort, cursor or not).
function listStatement(database: Database, shape: Shape, sort: PetSort, hasCursor: boolean) {
  const name = [
    'list_pets',
    statusPart(shape),
    shape.byCategory && 'category',
    shape.byName && 'name',
    `sort_${sort.replace('-', 'desc_')}`,
    hasCursor && 'after',
  ]
    .filter(Boolean)
    .join('_');
  return preparedStatement(database, name, () => listQuery(database, shape, sort, hasCursor).prepare(name));
}

function fromRawRow(row: Record<string, unknown>): PetRow {
  return { id: Number(row.id), name: String(row.name), categoryId: Number(row.category_id), status: (row.status as PetStatus | null) ?? null };
}

/** The rows of a query that is planned with its values each time (a search: planned-each-time.ts). */
async function selectPlanned(
  database: Database,
  query: { toSQL: () => { sql: string; params: unknown[] }; execute: (values: Record<string, unknown>) => Promise<PetRow[]> },
  values: Record<string, unknown>,
): Promise<PetRow[]> {
  const raw = await selectPlannedEachTime(database, query, values);
  return raw ? raw.map(fromRawRow) : query.execute(values);
}

/**
 * A search (mayWalkFar) walks a bounded stretch of the sort's order first, and
 * when that holds no full page, finds the matches by the filters' indexes and
 * sorts them: it never walks the whole table for a rare match (docs/PERFORMANCE.md,
 * "Searches at 1,000,000 pets"). On PGlite it finds them in steps.
 */
async function searchRows(
  database: Database,
  deadline: SearchDeadline,
  walkShape: Shape,
  options: ListPetsOptions,
  walkValues: Record<string, unknown>,
  tagIds: number[],
): Promise<PetRow[]> {
  const hasCursor = options.cursor !== undefined;
  const walked = await selectPlanned(database, walkedQuery(database, walkShape, options.sort, hasCursor, walkBound(options)), walkValues);
  if (walked.length > options.limit) return walked;
  await deadline.betweenSteps();
  const { shape, values } = await forGathering(database, walkShape, walkValues, tagIds);
  if (!deadline.isEnforcedByDatabase) return matchesInSteps(database, deadline, shape, options, values);
  return selectPlanned(database, matchesQuery(database, shape, options.sort, hasCursor), values);
}

/** The shape and values of a query that gathers every match: the tags rarest first, looked for as pet-tag-filter.ts decides. */
async function forGathering(database: Database, shape: Shape, values: Record<string, unknown>, tagIds: number[]) {
  if (tagIds.length === 0) return { shape, values };
  const gathering = await rarestFirst(database, tagIds);
  return { shape: { ...shape, tagsBy: gathering.tagsBy }, values: { ...values, ...tagValues(gathering.tagIds) } };
}

/**
 * Whether the list or counts asked for is a search: one that reads more than
 * an index's first rows (a name, tags, or filters on a list sorted by name). A
 * search runs under the search deadline (lib/db/search-deadline.ts), and an API
 * key may run only a few at once (lib/http/search-slots.ts).
 */
export function isSearch(query: PetFilters & { sort?: PetSort }): boolean {
  const shape = shapeOf(query);
  return query.sort ? mayWalkFar(shape, query.sort) : shape.byName || shape.byTags > 0;
}

export async function listPets(database: Database, options: ListPetsOptions): Promise<PetPage> {
  const tagIds = options.tag ? await tagIdsOf(database, options.tag) : [];
  // A tag no pet has ever had: no pet has them all.
  if (!tagIds) return { items: [], nextCursor: null };
  const shape = shapeOf(options, tagIds.length);
  const hasCursor = options.cursor !== undefined;
  const values = { ...filterValues(options, tagIds), afterId: options.cursor?.id, afterName: options.cursor?.key, limit: options.limit + 1 };
  const rows = isSearch(options)
    ? await withinSearchDeadline(database, (search, deadline) => searchRows(search, deadline, shape, options, values, tagIds))
    : await listStatement(database, shape, options.sort, hasCursor).execute(values);
  const items = rows.slice(0, options.limit).map(toPet);
  const last = rows.length > options.limit ? items[items.length - 1]! : undefined;
  return { items, nextCursor: last ? { sort: options.sort, id: last.id, key: options.sort.endsWith('name') ? last.name : undefined } : null };
}

/** The batch read (experimental): the pets among these ids, by id. */
export async function listPetsByIds(database: Database, ids: number[]): Promise<Pet[]> {
  const rows = await database.select(petColumns).from(pets).where(inArray(pets.id, ids)).orderBy(asc(pets.id));
  return rows.map(toPet);
}

const STATUS_KEYS = ['available', 'pending', 'sold', 'none'] as const;

/** A stored NULL status is counted as `none`. */
const toCounts = (rows: { status: string | null; count: number }[]): PetCounts =>
  countsByStatus(
    STATUS_KEYS,
    rows.map((row) => ({ status: row.status ?? 'none', count: row.count })),
  );

// Unfiltered (or by status alone): the counters the triggers keep (drizzle/0007), 64 rows at any size.
const countAllStatement = (database: Database) =>
  preparedStatement(database, 'count_pets_all', () =>
    database
      .select({ status: petCounts.status, count: sql<number>`sum(${petCounts.count})::bigint`.mapWith(Number) })
      .from(petCounts)
      .groupBy(petCounts.status)
      .prepare('count_pets_all'),
  );

function countQuery(database: Database, shape: Shape, within?: SQL) {
  return database
    .select({ status: pets.status, count: count().as('count') })
    .from(pets)
    .where(and(...filterConditions(shape), within))
    .groupBy(pets.status);
}

type CountRow = { status: string | null; count: number };

/** A count by name, under the search deadline: one statement on PostgreSQL, the sum of id ranges' on PGlite. */
async function searchCounts(database: Database, deadline: SearchDeadline, shape: Shape, values: Record<string, unknown>): Promise<CountRow[]> {
  const counted = async (within: SQL | undefined, range?: { fromId: number; toId: number }) => {
    const raw = await selectPlannedEachTime(database, countQuery(database, shape, within), { ...values, ...range });
    const rows = raw ?? (await countQuery(database, shape, within).execute({ ...values, ...range }));
    return rows.map((row) => ({ status: (row.status as string | null) ?? null, count: Number(row.count) }));
  };
  if (deadline.isEnforcedByDatabase) return counted(undefined);
  const rows: CountRow[] = [];
  for await (const range of idRanges(database, deadline)) rows.push(...(await counted(inIdRange, range)));
  return rows;
}

/** Counts with only the status filter are the counters' too: that status's count, the others 0. */
function onlyStatus(counts: PetCounts, status: PetStatus | 'none'): PetCounts {
  return { total: counts[status], available: 0, pending: 0, sold: 0, none: 0, [status]: counts[status] };
}

export async function countPets(database: Database, filters: PetCountsQuery): Promise<PetCounts> {
  const tagIds = filters.tag ? await tagIdsOf(database, filters.tag) : [];
  if (!tagIds) return toCounts([]);
  const shape = shapeOf(filters, tagIds.length);
  if (!shape.byName && !shape.byCategory && shape.byTags === 0) {
    const counts = toCounts(await countAllStatement(database).execute());
    return filters.status ? onlyStatus(counts, filters.status) : counts;
  }
  if (shape.byName || shape.byTags > 0) {
    return toCounts(
      await withinSearchDeadline(database, async (search, deadline) => {
        const gathering = await forGathering(search, shape, filterValues(filters), tagIds);
        return searchCounts(search, deadline, gathering.shape, gathering.values);
      }),
    );
  }
  const values = filterValues(filters);
  const name = ['count_pets', statusPart(shape), 'category'].filter(Boolean).join('_');
  return toCounts(await preparedStatement(database, name, () => countQuery(database, shape).prepare(name)).execute(values));
}

// One statement, no transaction of its own: the actor is named, and its key's rights
// checked (act_as, drizzle/0018), in the statement that inserts (lib/domain/activity.ts).
// The select lists every column in the table's order, as INSERT … SELECT takes them.
const insertPet = (database: Executor) =>
  preparedStatement(database, 'insert_pet', () =>
    database
      .insert(pets)
      .select(
        sql`select nextval(pg_get_serial_sequence('pets', 'id')), ${sql.placeholder('name')}::text, ${sql.placeholder('categoryId')}::bigint, ${sql.placeholder('status')}::pet_status, now(), now(), '{}'::text[]
          from (select act_as(${sql.placeholder('actor')}, ${sql.placeholder('keyId')}::bigint, ${sql.placeholder('needed')}::text[])) as actor`,
      )
      .returning(petColumns)
      .prepare('insert_pet'),
  );

/** `database` may be a transaction (an Idempotency-Key's record is written in the same one). */
export async function createPet(database: Executor, newPet: NewPet): Promise<Pet> {
  const [row] = await insertPet(database).execute({ name: newPet.name, categoryId: newPet.categoryId, status: newPet.status ?? null, ...actorParameters() });
  return toPet(row!);
}

/**
 * A deleted pet back under its own id (a restore: lib/domain/restore.ts), in the caller's
 * transaction, with its photos, which its delete detached (drizzle/0022) and the sweep has
 * not removed yet. Its tags are written first, as a change's are.
 */
export async function recreatePet(transaction: Executor, id: number, state: Omit<ChangedPetRow, 'id'>): Promise<Pet> {
  const spellings = await spellingsOf(transaction, state.tags);
  const tags = sortedTags([...spellings.values()]);
  const [row] = await transaction.insert(pets).values({ id, name: state.name, categoryId: state.categoryId, status: state.status, tags }).returning(petColumns);
  await transaction
    .update(petPhotos)
    .set({ detachedAt: null })
    .where(and(eq(petPhotos.petId, id), isNotNull(petPhotos.detachedAt)));
  return toPet(row!);
}

const findPet = (database: Database) =>
  preparedStatement(database, 'find_pet', () =>
    database
      .select(petColumns)
      .from(pets)
      .where(eq(pets.id, sql.placeholder('id')))
      .prepare('find_pet'),
  );

export async function getPet(database: Database, id: bigint): Promise<Pet | undefined> {
  // No pet is ever assigned an id beyond what JSON carries exactly.
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await findPet(database).execute({ id: Number(id) });
  return row ? toPet(row) : undefined;
}

/** When the pet was added and last changed; undefined when there is no such pet. */
export async function getPetTimestamps(database: Database, id: bigint): Promise<PetTimestamps | undefined> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database
    .select({ createdAt: pets.createdAt, updatedAt: pets.updatedAt })
    .from(pets)
    .where(eq(pets.id, Number(id)));
  return row && { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

// A change reads and answers the pet's tags too (PUT /v1/pets/{petId}/tags answers them).
const changedPetColumns = { ...petColumns, tags: pets.tags };

type ChangedPetRow = PetRow & { tags: string[] };

// The statements of a change and a delete, prepared: a bulk change runs them a
// thousand times (docs/DASHBOARD.md, "Bulk work"). The driver sends a statement with
// parameters that is not prepared in two round trips (describe, then execute),
// a prepared one in one, parsed and planned once per connection. Keyed by the
// transaction, so each transaction builds the SQL again (cheap beside a round trip).
const lockPet = (transaction: Executor) =>
  preparedStatement(transaction, 'lock_pet', () =>
    transaction
      .select(changedPetColumns)
      .from(pets)
      .where(eq(pets.id, sql.placeholder('id')))
      .for('update')
      .prepare('lock_pet'),
  );

const firstOpenOrder = (transaction: Executor) =>
  preparedStatement(transaction, 'first_open_order', () =>
    transaction
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.petId, sql.placeholder('petId')), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
      .orderBy(asc(orders.id))
      .limit(1)
      .prepare('first_open_order'),
  );

const firstOrder = (transaction: Executor) =>
  preparedStatement(transaction, 'first_order', () =>
    transaction
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.petId, sql.placeholder('petId')))
      .orderBy(asc(orders.id))
      .limit(1)
      .prepare('first_order'),
  );

type PetChanges = Partial<Pick<ChangedPetRow, 'name' | 'categoryId' | 'status' | 'tags'>>;

/** The UPDATE for the fields being changed (one statement per set of fields). */
function updateStatement(transaction: Executor, fields: (keyof PetChanges)[]) {
  const name = `update_pet_${fields.join('_')}`;
  return preparedStatement(transaction, name, () =>
    transaction
      .update(pets)
      .set(Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)])))
      .where(eq(pets.id, sql.placeholder('id')))
      .returning(changedPetColumns)
      .prepare(name),
  );
}

const deleteStatement = (transaction: Executor) =>
  preparedStatement(transaction, 'delete_pet', () =>
    transaction
      .delete(pets)
      .where(eq(pets.id, sql.placeholder('id')))
      .prepare('delete_pet'),
  );

/**
 * Applies a merge patch. A status that differs from the current one is refused
 * while an order is open (the order owns the status then: approve, deliver or
 * cancel it) and when it is `pending` (what only an open order means). The
 * pet's row is locked first, so a concurrent placeOrder either sees the new
 * status or has its open order seen here. Its tags change in the same UPDATE,
 * so one change of a pet is one activity entry and one change event.
 */
export async function updatePet(database: Executor, id: bigint, update: PetUpdate): Promise<Outcome<Pet>> {
  const outcome = await changePet(database, id, update);
  return outcome.ok ? succeeded(toPet(outcome.value)) : outcome;
}

/** Replaces a pet's tags (PUT /v1/pets/{petId}/tags); answers them as stored. */
export async function replacePetTags(database: Database, id: bigint, tags: string[]): Promise<Outcome<string[]>> {
  const outcome = await changePet(database, id, { tags });
  return outcome.ok ? succeeded(outcome.value.tags) : outcome;
}

async function changePet(database: Executor, id: bigint, update: PetUpdate): Promise<Outcome<ChangedPetRow>> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return refused('not_found', `No pet has id ${id}.`);
  const petId = Number(id);
  return recorded(database, async (transaction) => {
    const [current] = await lockPet(transaction).execute({ id: petId });
    if (!current) return refused('not_found', `No pet has id ${petId}.`);
    const isStatusChange = update.status !== undefined && update.status !== current.status;
    if (isStatusChange) {
      const refusal = await statusChangeRefusal(transaction, current, update.status!);
      if (refusal) return refused('conflict', refusal);
    }
    const tagRefusal = tooManyTags(current, update);
    if (tagRefusal) return refused('conflict', tagRefusal);
    const tags = await tagsAfter(transaction, current.tags, update);
    const changes: PetChanges = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.categoryId !== undefined && { categoryId: update.categoryId }),
      ...(isStatusChange && { status: update.status }),
      ...(tags && { tags }),
    };
    const fields = Object.keys(changes) as (keyof PetChanges)[];
    if (fields.length === 0) return succeeded(current);
    const [row] = await updateStatement(transaction, fields).execute({ ...changes, id: petId });
    return succeeded(row!);
  });
}

/** The refusal of `addTags` that would take the pet past 20 tags (counted by key, before any is written). */
function tooManyTags(pet: ChangedPetRow, update: PetUpdate): string | undefined {
  if (!update.addTags) return undefined;
  const removed = new Set(update.removeTags?.map(tagKey));
  const kept = new Set(pet.tags.map(tagKey).filter((key) => !removed.has(key)));
  const count = new Set([...kept, ...update.addTags.map(tagKey)]).size;
  if (count <= MAX_TAGS_PER_PET) return undefined;
  return `Pet ${pet.id} would have ${count} tags; a pet has at most ${MAX_TAGS_PER_PET}. Remove some of its tags first.`;
}

/** The pet's tags after the update (each spelled as first written, sorted), or undefined when they stay as they are. */
async function tagsAfter(transaction: Executor, current: string[], update: PetUpdate): Promise<string[] | undefined> {
  if (!update.tags && !update.addTags && !update.removeTags) return undefined;
  const removed = new Set(update.removeTags?.map(tagKey));
  const kept = update.tags ? [] : current.filter((tag) => !removed.has(tagKey(tag)));
  const keptKeys = new Set(kept.map(tagKey));
  const added = (update.tags ?? update.addTags ?? []).filter((tag) => !keptKeys.has(tagKey(tag)));
  const spellings = await spellingsOf(transaction, added);
  const next = sortedTags([...kept, ...spellings.values()]);
  return next.length === current.length && next.every((tag, index) => tag === current[index]) ? undefined : next;
}

async function statusChangeRefusal(transaction: Executor, pet: PetRow, status: PetStatus | null): Promise<string | undefined> {
  const to = status === null ? 'no status' : status;
  if (status === 'pending') {
    return `Pet ${pet.id} cannot be made pending by hand: a pet is pending while it has an open order; place an order instead.`;
  }
  const [open] = await firstOpenOrder(transaction).execute({ petId: pet.id });
  if (open) {
    return `Pet ${pet.id} has an open order (order ${open.id}, ${open.status}), so its status follows that order and cannot change to ${to}; approve, deliver or cancel the order instead.`;
  }
  return undefined;
}

/** Deletes a pet no order references (orders are history). The row is locked first, as placeOrder does. */
export async function deletePet(database: Executor, id: bigint): Promise<Outcome<null>> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return refused('not_found', `No pet has id ${id}.`);
  const petId = Number(id);
  return recorded(database, async (transaction) => {
    const [current] = await lockPet(transaction).execute({ id: petId });
    if (!current) return refused('not_found', `No pet has id ${petId}.`);
    const [order] = await firstOrder(transaction).execute({ petId });
    if (order) {
      return refused('conflict', `Pet ${petId} cannot be deleted: order ${order.id} references it, and orders are kept as history.`);
    }
    await deleteStatement(transaction).execute({ id: petId });
    return succeeded(null);
  });
}
