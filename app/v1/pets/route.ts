// GET /v1/pets (listPets, with the experimental search, category and tag filters,
// sort, batch read by id and `include`), POST /v1/pets (createPet), and the experimental batch
// change and delete by id (PATCH, DELETE /v1/pets?id=…): each pet through the
// single operation's domain function, in its own transaction.
import { randomUUID } from 'node:crypto';
import { inBatch } from '@/lib/domain/activity';
import { eachId } from '@/lib/domain/batch';
import { LIST_PETS_PAGING_AND_FILTERS, ListPetsQuery, NewPet, PetBatchQuery, PetUpdate } from '@/lib/contract/pets';
import { encodeSortCursor } from '@/lib/contract/sort-cursor';
import { batchResult } from '@/lib/http/batch-result';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextCursorHeaders } from '@/lib/http/link';
import { parseBody, parseQuery, refuseAlongside } from '@/lib/http/query';
import { inSearchSlot } from '@/lib/http/search-slots';
import { json } from '@/lib/http/respond';
import { createPet, deletePet, isSearch, listPets, listPetsByIds, updatePet } from '@/lib/domain/pets';
import { withIncluded } from '@/lib/domain/pet-include';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listPets' }, async ({ url, caller, database }) => {
  const query = parseQuery(url, ListPetsQuery);
  refuseAlongside(url, 'id', LIST_PETS_PAGING_AND_FILTERS);
  if (query.id) return json(await withIncluded(database, await listPetsByIds(database, query.id), query.include));
  const page = await (isSearch(query) ? inSearchSlot(caller, () => listPets(database, query)) : listPets(database, query));
  const next = page.nextCursor && encodeSortCursor(page.nextCursor);
  return json(await withIncluded(database, page.items, query.include), { headers: nextCursorHeaders(url, next, query.limit) });
});

export const POST = apiRoute({ operation: 'createPet', idempotent: true }, async ({ request, database }) => {
  const newPet = parseBody(await readJsonBody(request), NewPet);
  const pet = await createPet(database, newPet);
  return json(pet, { status: 201, headers: { location: `/v1/pets/${pet.id}` } });
});

/**
 * The ids of a batch change or delete (`id`, no parameter of the list beside it), and the
 * batch it is recorded under: the one the client names (joining its earlier requests), else a new one.
 */
function batchOf(url: URL): { ids: number[]; batchId: string } {
  const { id, batchId } = parseQuery(url, PetBatchQuery);
  refuseAlongside(url, 'id', LIST_PETS_PAGING_AND_FILTERS);
  return { ids: id, batchId: batchId ?? randomUUID() };
}

const batchUpdate = apiRoute({ operation: 'bulkUpdatePets' }, async ({ request, url, database }) => {
  const { ids, batchId } = batchOf(url);
  const update = parseBody(await readJsonBody(request), PetUpdate);
  const outcomes = await inBatch(batchId, () => eachId(ids, (id) => updatePet(database, BigInt(id), update)));
  return json({ batchId, results: ids.map((id, index) => batchResult(id, outcomes[index]!, (pet) => ({ status: 200, pet }))) });
});

const batchDelete = apiRoute({ operation: 'bulkDeletePets' }, async ({ url, database }) => {
  const { ids, batchId } = batchOf(url);
  const outcomes = await inBatch(batchId, () => eachId(ids, (id) => deletePet(database, BigInt(id))));
  return json({ batchId, results: ids.map((id, index) => batchResult(id, outcomes[index]!, () => ({ status: 204 }))) });
});

// The collection itself takes GET and POST only, as the contract has it: PATCH and
// DELETE are the batch operations of the set that `id` names, and without `id` they
// are the 405 they always were (with the same Allow), before any key is asked for.
// Allow names PATCH and DELETE where they are served: on a target with `id`.
const collection = otherMethods(['GET', 'POST'], { parameter: 'id', methods: ['PATCH', 'DELETE'] });
const withIds =
  (batch: typeof batchUpdate, otherwise: typeof collection.PATCH): typeof batchUpdate =>
  (request, context) =>
    new URL(request.url).searchParams.has('id') ? batch(request, context) : otherwise(request, context);

export const PATCH = withIds(batchUpdate, collection.PATCH);
export const DELETE = withIds(batchDelete, collection.DELETE);
export const { PUT, OPTIONS } = collection;
