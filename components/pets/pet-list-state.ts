// The pets list's URL state: status tab, search, category, tags and order, each
// read from the URL by a parser that drops bad values, and turned into API parameters.
import type { ListPetsParams, CountPetsParams } from '@/lib/client/api-client';
import { isPetStatus, PET_SORTS, type PetSort, type PetStatusValue as PetStatus } from '@/lib/contract/pet-values';
import { MAX_TAGS_PER_PET, parseTag, tagKey } from '@/lib/contract/tag-values';
import type { ListState } from '../list-url';
import { parseSearch } from './pet-search';

/** `none` is the "No status" tab: pets created without one. */
export type StatusTab = PetStatus | 'none';

export type PetFilters = {
  status: StatusTab | undefined;
  name: string | undefined;
  categoryId: string | undefined;
  /** Pets with every one of these tags (`tag=a&tag=b`); undefined for none. */
  tag: string[] | undefined;
  sort: PetSort | undefined;
};

/** The tags of the URL that can be tags, each once whatever its case, at most as many as the API takes. */
function parseTags(_value: string | undefined, values: string[]): string[] | undefined {
  const tags = new Map<string, string>();
  for (const tag of values.map(parseTag)) if (tag && !tags.has(tagKey(tag))) tags.set(tagKey(tag), tag);
  return tags.size > 0 ? [...tags.values()].slice(0, MAX_TAGS_PER_PET) : undefined;
}

export const PET_FILTER_PARSERS = {
  status: (value: string | undefined) => (value === 'none' ? 'none' : isPetStatus(value) ? value : undefined),
  name: parseSearch,
  categoryId: (value: string | undefined) => (value && /^[1-9][0-9]{0,15}$/.test(value) ? value : undefined),
  tag: parseTags,
  // id is the API's default order: the URL leaves it out.
  sort: (value: string | undefined) => ((PET_SORTS as readonly string[]).includes(value ?? '') && value !== 'id' ? (value as PetSort) : undefined),
} satisfies { [Name in keyof PetFilters]: (value: string | undefined, values: string[]) => PetFilters[Name] };

/** What narrows the list (the order does not): an empty list under these says "no pets match". */
export function isNarrowed(filters: PetFilters): boolean {
  return Boolean(filters.status || filters.name || filters.categoryId || filters.tag);
}

/** The counts take the same filters as the list, but not its status: every tab shows its own number. */
export function countParams(filters: PetFilters): CountPetsParams {
  return { name: filters.name, categoryId: filters.categoryId ? Number(filters.categoryId) : undefined, tag: filters.tag };
}

/** The list's parameters without paging, each pet with its tags: what the CSV export walks through. */
export function viewParams(filters: PetFilters): Omit<ListPetsParams, 'limit' | 'cursor'> {
  return { ...countParams(filters), status: filters.status, sort: filters.sort, include: 'tags' };
}

/** A page of the list: each pet with its tags and its cover's URLs. */
export function listParams(state: ListState<PetFilters>): ListPetsParams {
  return { ...viewParams(state.filters), include: 'tags,cover', limit: state.limit, cursor: state.cursors.at(-1) };
}
