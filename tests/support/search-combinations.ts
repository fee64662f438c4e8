// Every combination of the list's filters and sorts, and of the counts' filters,
// with values that make each kind of search on the catalogue of million-pets.ts:
// a status and a category that share no pet (category 7 holds only pets without
// a status and pending ones), a rare text whose matches all sort last (`Ziggy`),
// a rare number, texts too short for the trigram index, common and absent.
import { PET_SORTS, type PetSort } from '@/lib/contract/pet-values';

type SearchFilters = { status?: string; categoryId?: number; name?: string };
/** A list (sorted) or, without a sort, the counts. */
export type SearchCombination = { filters: SearchFilters; sort?: PetSort };

const STATUSES = [undefined, 'available', 'pending', 'sold', 'none'];
const CATEGORIES = [undefined, 7];
const NAMES = [undefined, 'Re', 'e', 'Ziggy', '123', 'qqq', 'zz'];

export const SEARCH_COMBINATIONS: SearchCombination[] = STATUSES.flatMap((status) =>
  CATEGORIES.flatMap((categoryId) =>
    NAMES.flatMap((name) => {
      const filters: SearchFilters = { ...(status && { status }), ...(categoryId && { categoryId }), ...(name && { name }) };
      return [{ filters }, ...PET_SORTS.map((sort) => ({ filters, sort }))];
    }),
  ),
);
