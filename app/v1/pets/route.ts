// GET /v1/pets (listPets, with the experimental search, category filter and
// sort) and POST /v1/pets (createPet).
import { ListPetsQuery, NewPet, encodePetCursor } from '@/lib/contract/pets';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextCursorHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { createPet, listPets } from '@/lib/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url, database }) => {
  const query = parseQuery(url, ListPetsQuery);
  const page = await listPets(database, query);
  const next = page.nextCursor && encodePetCursor(page.nextCursor);
  return json(page.items, { headers: nextCursorHeaders(url, next, query.limit) });
});

export const POST = apiRoute({ scope: 'write', idempotent: true }, async ({ request, database }) => {
  const newPet = parseBody(await readJsonBody(request), NewPet);
  const pet = await createPet(database, newPet);
  return json(pet, { status: 201, headers: { location: `/v1/pets/${pet.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
