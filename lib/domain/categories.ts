// What the service knows about categories (experimental): list (keyset pages
// on id, each with its pet count), create, get, rename, and delete while no pet
// names it. Names are unique ignoring case, which the
// unique index on lower(name) enforces, races included.
import { and, asc, count, eq, gt, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Category, ListedCategory, NewCategory } from '../contract/categories';
import type { Database } from '../db/client';
import { categories, pets } from '../db/schema';
import { toPage, type Page } from './pagination';
import { refused, succeeded, type Outcome } from './outcome';
import { recorded } from './activity';

const categoryColumns = { id: categories.id, name: categories.name };

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === UNIQUE_VIOLATION;
}

/** The refusal of a taken name, naming the category as it is stored ("Dogs" for "dogs"). */
async function nameTaken(database: Database, name: string) {
  const [taken] = await database
    .select({ name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name})`);
  return refused('conflict', `A category named "${taken?.name ?? name}" already exists (names are compared ignoring case).`);
}

/** How many pets name each of these categories (the pets' category index answers it alone). */
async function petCounts(database: Database, categoryIds: number[]): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await database
    .select({ categoryId: pets.categoryId, count: count() })
    .from(pets)
    .where(inArray(pets.categoryId, categoryIds))
    .groupBy(pets.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.count)]));
}

export async function listCategories(database: Database, query: { limit: number; afterId?: number }): Promise<Page<ListedCategory>> {
  const conditions: SQL[] = query.afterId === undefined ? [] : [gt(categories.id, query.afterId)];
  const rows = await database
    .select(categoryColumns)
    .from(categories)
    .where(conditions[0])
    .orderBy(asc(categories.id))
    .limit(query.limit + 1);
  const page = toPage(rows, query.limit);
  const counts = await petCounts(
    database,
    page.items.map((category) => category.id),
  );
  return { ...page, items: page.items.map((category) => ({ ...category, petCount: counts.get(category.id) ?? 0 })) };
}

export async function getCategory(database: Database, id: bigint): Promise<Category | undefined> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.id, Number(id)));
  return row;
}

export async function createCategory(database: Database, newCategory: NewCategory): Promise<Outcome<Category>> {
  const [row] = await recorded(database, (transaction) =>
    transaction.insert(categories).values({ name: newCategory.name }).onConflictDoNothing().returning(categoryColumns),
  );
  return row ? succeeded(row) : nameTaken(database, newCategory.name);
}

export async function renameCategory(database: Database, id: bigint, name: string): Promise<Outcome<Category>> {
  const notFound = refused('not_found', `No category has id ${id}.`);
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return notFound;
  try {
    const [row] = await recorded(database, (transaction) =>
      transaction
        .update(categories)
        .set({ name })
        .where(eq(categories.id, Number(id)))
        .returning(categoryColumns),
    );
    return row ? succeeded(row) : notFound;
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(database, name);
    throw error;
  }
}

const petsUsing = (n: number) => (n === 1 ? '1 pet uses it' : `${n} pets use it`);

/**
 * Deletes a category that no pet names, in one statement. A pet added with
 * this categoryId at the same moment may still name it afterwards: pets may
 * name categories that do not exist (docs/ARCHITECTURE.md).
 */
export async function deleteCategory(database: Database, id: bigint): Promise<Outcome<null>> {
  const notFound = refused('not_found', `No category has id ${id}.`);
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return notFound;
  const categoryId = Number(id);
  const unused = notExists(database.select({ id: pets.id }).from(pets).where(eq(pets.categoryId, categoryId)));
  // Twice at most: the pets that blocked the first try may be gone by the count.
  for (let attempt = 0; attempt < 2; attempt++) {
    // Recorded as the request's actor, as every change is (without it the log said "system").
    const [deleted] = await recorded(database, (transaction) =>
      transaction
        .delete(categories)
        .where(and(eq(categories.id, categoryId), unused))
        .returning({ id: categories.id }),
    );
    if (deleted) return succeeded(null);
    const [category] = await database.select(categoryColumns).from(categories).where(eq(categories.id, categoryId));
    if (!category) return notFound;
    const used = (await petCounts(database, [categoryId])).get(categoryId) ?? 0;
    if (used > 0)
      return refused('conflict', `The category "${category.name}" cannot be deleted: ${petsUsing(used)}. Move those pets to another category first.`);
  }
  return refused('conflict', 'The category could not be deleted while its pets were changing; try again.');
}
