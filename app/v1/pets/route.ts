// GET /v1/pets (listPets, with the experimental search, category filter, sort
// and batch read by id) and POST /v1/pets (createPet).
import { LIST_PETS_PAGING_AND_FILTERS, ListPetsQuery, NewPet } from '@/lib/contract/pets';
import { encodeSortCursor } from '@/lib/contract/sort-cursor';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextCursorHeaders } from '@/lib/http/link';
import { parseBody, parseQuery, refuseAlongside } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { createPet, listPets, listPetsByIds } from '@/lib/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url, database }) => {
  const query = parseQuery(url, ListPetsQuery);
  refuseAlongside(url, 'id', LIST_PETS_PAGING_AND_FILTERS);
  if (query.id) return json(await listPetsByIds(database, query.id));
  const page = await listPets(database, query);
  const next = page.nextCursor && encodeSortCursor(page.nextCursor);
  return json(page.items, { headers: nextCursorHeaders(url, next, query.limit) });
});

export const POST = apiRoute({ scope: 'write', idempotent: true }, async ({ request, database }) => {
  const newPet = parseBody(await readJsonBody(request), NewPet);
  const pet = await createPet(database, newPet);
  return json(pet, { status: 201, headers: { location: `/v1/pets/${pet.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
