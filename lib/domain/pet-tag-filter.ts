// The list's and the counts' tag filter (`tag=a&tag=b`: pets with every tag), as
// conditions on pets for lib/domain/pets.ts. Two ways to write them, because the
// planner costs a lookup of thousands of ids by the primary key above a read of
// the whole table (docs/PERFORMANCE.md, "Tags at 1,000,000 pets"):
// - probe: for each pet read, pet_tags' key is probed for each tag; the planner
//   may also drive from the tag index. For a walk of the sort's order, which reads
//   a bounded few, and for tags too common to gather;
// - ids: the ids of the pets with every tag are gathered from the rarest tag's
//   index first, then read by the primary key: for a rare tag's matches.
import { and, count, eq, exists, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { petTags } from '../db/schema';

export type TagsBy = 'probe' | 'ids';

/** At most this many pets with the rarest tag: gathered by their ids (a few milliseconds of lookups each thousand). */
const GATHERED_AT_MOST = 20_000;

const tagPlaceholder = (index: number) => sql.placeholder(`tag${index}`);

/** The statement values of the tags, in the order the conditions name them. */
export const tagValues = (tagIds: number[]): Record<string, number> => Object.fromEntries(tagIds.map((id, index) => [`tag${index}`, id]));

export function tagConditions(tagCount: number, petId: AnyPgColumn, tagsBy: TagsBy): SQL[] {
  if (tagCount === 0) return [];
  const from = (name: string) => sql`${petTags} as ${sql.identifier(name)}`;
  const tagged = (index: number, taggedId: AnyPgColumn) => {
    const row = alias(petTags, `tagged${index}`);
    return exists(sql`(select 1 from ${from(`tagged${index}`)} where ${and(eq(row.petId, taggedId), eq(row.tagId, tagPlaceholder(index)))})`);
  };
  if (tagsBy === 'probe') return Array.from({ length: tagCount }, (_, index) => tagged(index, petId));
  const first = alias(petTags, 'tagged');
  const others = Array.from({ length: tagCount - 1 }, (_, index) => tagged(index + 1, first.petId));
  const ids = sql`array(select ${first.petId} from ${from('tagged')} where ${and(eq(first.tagId, tagPlaceholder(0)), ...others)})`;
  return [sql`${petId} = any(${ids})`];
}

/**
 * The tags rarest first, and how to look for them: by ids when the rarest is on at most
 * GATHERED_AT_MOST pets. Each tag's pets are counted up to that bound only (an index-only
 * read of at most 20,001 entries), so a tag on half the catalogue costs what a rare one does.
 */
export async function rarestFirst(database: Database, tagIds: number[]): Promise<{ tagIds: number[]; tagsBy: TagsBy }> {
  const counted = await Promise.all(
    tagIds.map(async (id) => {
      const some = database
        .select({ id: petTags.petId })
        .from(petTags)
        .where(eq(petTags.tagId, id))
        .limit(GATHERED_AT_MOST + 1)
        .as('some');
      const [row] = await database.select({ count: count() }).from(some);
      return { id, count: Number(row?.count ?? 0) };
    }),
  );
  counted.sort((a, b) => a.count - b.count);
  return { tagIds: counted.map((tag) => tag.id), tagsBy: counted[0]!.count <= GATHERED_AT_MOST ? 'ids' : 'probe' };
}
