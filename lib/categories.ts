// What the service knows about categories (experimental): list (keyset pages
// on id), create, get and rename. Names are unique ignoring case, which the
// unique index on lower(name) enforces, races included.
import { asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Category, NewCategory } from './contract/categories';
import type { Database } from './db/client';
import { categories } from './db/schema';
import { toPage, type Page } from './pagination';
import { refused, succeeded, type Outcome } from './outcome';

const categoryColumns = { id: categories.id, name: categories.name };


const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === UNIQUE_VIOLATION;
}

const nameTaken = (name: string) => refused('conflict', `A category named "${name}" already exists (names are compared ignoring case).`);

export async function listCategories(database: Database, query: { limit: number; afterId?: number }): Promise<Page<Category>> {
  const conditions: SQL[] = query.afterId === undefined ? [] : [gt(categories.id, query.afterId)];
  const rows = await database
    .select(categoryColumns)
    .from(categories)
    .where(conditions[0])
    .orderBy(asc(categories.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit);
}

export async function getCategory(database: Database, id: bigint): Promise<Category | undefined> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database.select(categoryColumns).from(categories).where(eq(categories.id, Number(id)));
  return row;
}

export async function createCategory(database: Database, newCategory: NewCategory): Promise<Outcome<Category>> {
  const [row] = await database.insert(categories).values({ name: newCategory.name }).onConflictDoNothing().returning(categoryColumns);
  return row ? succeeded(row) : nameTaken(newCategory.name);
}

export async function renameCategory(database: Database, id: bigint, name: string): Promise<Outcome<Category>> {
  const notFound = refused('not_found', `No category has id ${id}.`);
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return notFound;
  try {
    const [row] = await database
      .update(categories)
      .set({ name })
      .where(eq(categories.id, Number(id)))
      .returning(categoryColumns);
    return row ? succeeded(row) : notFound;
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(name);
    throw error;
  }
}
