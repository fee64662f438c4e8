// Every combination of the list's filters and sorts, and of the counts' filters,
// with values that make each kind of search on the catalogue of million-pets.ts:
// a status and a category that share no pet (category 7 holds only pets without
// a status and pending ones), a rare text whose matches all sort last (`Ziggy`),
// a rare number, texts too short for the trigram index, common and absent; tags
// from half the pets to a hundred, two that share no pet, and tags with each
// other filter (vaccinated pets are never sold).
import { PET_SORTS, type PetSort } from '@/lib/contract/pet-values';

type SearchFilters = { status?: string; categoryId?: number; name?: string; tag?: string[] };
/** A list (sorted) or, without a sort, the counts. */
export type SearchCombination = { filters: SearchFilters; sort?: PetSort };

const STATUSES = [undefined, 'available', 'pending', 'sold', 'none'];
const CATEGORIES = [undefined, 7];
const NAMES = [undefined, 'Re', 'e', 'Ziggy', '123', 'qqq', 'zz'];

const TAG_SETS = [['vaccinated'], ['needs a home'], ['rare'], ['puppy', 'vaccinated'], ['puppy', 'senior']];
const WITH_TAGS: Omit<SearchFilters, 'tag'>[] = [{}, { status: 'sold' }, { status: 'none' }, { categoryId: 7 }, { name: 'Ziggy' }, { name: 'e' }];

const listAndCounts = (filters: SearchFilters): SearchCombination[] => [{ filters }, ...PET_SORTS.map((sort) => ({ filters, sort }))];

export const SEARCH_COMBINATIONS: SearchCombination[] = [
  ...STATUSES.flatMap((status) =>
    CATEGORIES.flatMap((categoryId) =>
      NAMES.flatMap((name) => listAndCounts({ ...(status && { status }), ...(categoryId && { categoryId }), ...(name && { name }) })),
    ),
  ),
  ...TAG_SETS.flatMap((tag) => WITH_TAGS.flatMap((others) => listAndCounts({ ...others, tag }))),
];
