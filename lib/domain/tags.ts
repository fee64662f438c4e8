// What the service knows about tags (experimental): their spellings (a tag is
// written the way it was first written, compared by its key: lib/contract/tags.ts),
// the list of tags pets have with their pet counts, the ids a filter looks for,
// and the tags of a page of pets. A pet's tags change through updatePet
// (lib/domain/pets.ts): they are a column of the pet.
import { and, asc, count, eq, gt, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Tag } from '../contract/tags';
import { tagKey } from '../contract/tag-values';
import type { Database, Executor } from '../db/client';
import { containing } from '../db/like';
import { petTags, pets, tags } from '../db/schema';

/** Tags in the order a pet holds them: by key (code units), so the same set is always the same array. */
export function sortedTags(names: string[]): string[] {
  return names
    .map((name) => ({ name, key: tagKey(name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ name }) => name);
}

/**
 * The spelling of each tag, as first written: tags never seen before are written as given
 * here (the first of the same key in `names` wins). By key. A concurrent first writing of the
 * same tag waits for the other's commit, then reads its spelling; new tags are written in
 * key order, so two changes writing the same new tags never wait for each other in a circle.
 */
export async function spellingsOf(transaction: Executor, names: string[]): Promise<Map<string, string>> {
  const spellings = new Map<string, string>();
  for (const name of names) if (!spellings.has(tagKey(name))) spellings.set(tagKey(name), name);
  const stored = (keys: string[]) => transaction.select({ key: tags.key, name: tags.name }).from(tags).where(inArray(tags.key, keys));
  if (spellings.size === 0) return spellings;
  const known = await stored([...spellings.keys()]);
  for (const row of known) spellings.set(row.key, row.name);
  const fresh = [...spellings.keys()].filter((key) => !known.some((row) => row.key === key)).sort();
  if (fresh.length === 0) return spellings;
  await transaction
    .insert(tags)
    .values(fresh.map((key) => ({ key, name: spellings.get(key)! })))
    .onConflictDoNothing();
  for (const row of await stored(fresh)) spellings.set(row.key, row.name);
  return spellings;
}

/** The ids of the tags with these names (ignoring case), or undefined when one is no tag: then no pet has them all. */
export async function tagIdsOf(database: Database, names: string[]): Promise<number[] | undefined> {
  const keys = [...new Set(names.map(tagKey))];
  const rows = await database.select({ id: tags.id }).from(tags).where(inArray(tags.key, keys));
  return rows.length === keys.length ? rows.map((row) => row.id) : undefined;
}

export type TagPage = { items: Tag[]; nextKey: string | null };

/**
 * The tags some pet has, by key, keyset-paged on the key, each with its pet count (counted
 * from pet_tags' tag index for the page's tags only). A tag no pet has any more is left out.
 */
export async function listTags(database: Database, query: { limit: number; name?: string; afterKey?: string }): Promise<TagPage> {
  const conditions: SQL[] = [sql`exists (select 1 from ${petTags} where ${petTags.tagId} = ${tags.id})`];
  if (query.afterKey !== undefined) conditions.push(gt(tags.key, query.afterKey));
  if (query.name !== undefined) conditions.push(like(tags.key, containing(tagKey(query.name))));
  const rows = await database
    .select({ id: tags.id, name: tags.name, key: tags.key })
    .from(tags)
    .where(and(...conditions))
    .orderBy(asc(tags.key))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts = await petCounts(
    database,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => ({ name: row.name, petCount: counts.get(row.id) ?? 0 })),
    nextKey: rows.length > query.limit ? page[page.length - 1]!.key : null,
  };
}

async function petCounts(database: Database, tagIds: number[]): Promise<Map<number, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await database.select({ tagId: petTags.tagId, count: count() }).from(petTags).where(inArray(petTags.tagId, tagIds)).groupBy(petTags.tagId);
  return new Map(rows.map((row) => [row.tagId, Number(row.count)]));
}

/** The tags of each of these pets (include=tags): one query for a page. */
export async function tagsOfPets(database: Database, petIds: number[]): Promise<Map<number, string[]>> {
  if (petIds.length === 0) return new Map();
  const rows = await database.select({ id: pets.id, tags: pets.tags }).from(pets).where(inArray(pets.id, petIds));
  return new Map(rows.map((row) => [row.id, row.tags]));
}

/** One pet's tags, or undefined when there is no such pet. */
export async function tagsOfPet(database: Database, petId: bigint): Promise<string[] | undefined> {
  if (petId > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database
    .select({ tags: pets.tags })
    .from(pets)
    .where(eq(pets.id, Number(petId)));
  return row?.tags;
}
