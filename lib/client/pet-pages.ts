// Many pets read page by page, 100 (the API's largest page) at a time: every
// page of a view of the list, or the pets among some ids (the batch read). The
// CSV export writes them as they come; a bulk change gathers them first.
import type { Pet, PetWithIncluded } from '../contract/pets';
import { encodeSortCursor } from '../contract/sort-cursor';
import type { ListPetsParams, PetstoreClient } from './api-client';

const PAGE_SIZE = 100;

/** Every pet of the list's view (its filters, in its order). */
export async function* viewPages(client: PetstoreClient, params: Omit<ListPetsParams, 'limit' | 'cursor'>): AsyncGenerator<PetWithIncluded[]> {
  let cursor: string | undefined;
  do {
    const page = await client.listPets({ ...params, limit: PAGE_SIZE, cursor });
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** The pets among these ids, by id, with their tags (ids without a pet are left out). */
export async function* idPages(client: PetstoreClient, petIds: number[]): AsyncGenerator<PetWithIncluded[]> {
  const sorted = [...petIds].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += PAGE_SIZE) yield client.listPetsByIds(sorted.slice(start, start + PAGE_SIZE), ['tags']);
}

/** Every pet the pages hold, in one array; stops between pages once `signal` aborts. */
export async function gatherPets(pages: AsyncIterable<Pet[]>, signal: AbortSignal): Promise<Pet[]> {
  const all: Pet[] = [];
  for await (const page of pages) {
    signal.throwIfAborted();
    all.push(...page);
  }
  return all;
}

/**
 * The cursors that lead to the view's last page at `limit` pets a page, one per
 * page before it (the list's URL keeps them all, so Previous works from there):
 * the cursor after every limit-th pet, as the API would have given it. Reads
 * every pet of the view, 100 at a time: 50 requests for 5,000 pets.
 */
export async function lastPageCursors(
  client: PetstoreClient,
  params: Omit<ListPetsParams, 'limit' | 'cursor'>,
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  const sort = params.sort ?? 'id';
  const cursors: string[] = [];
  let position = 0;
  for await (const page of viewPages(client, params)) {
    signal.throwIfAborted();
    for (const pet of page) {
      position += 1;
      if (position % limit === 0) cursors.push(encodeSortCursor({ sort, id: pet.id, key: sort.endsWith('name') ? pet.name : undefined }));
    }
  }
  // A cursor after the very last pet would lead to an empty page.
  if (position > 0 && position % limit === 0) cursors.pop();
  return cursors;
}
