// GET /v1/pets (listPets) and POST /v1/pets (createPet).
import { ListPetsQuery, NewPet } from '@/lib/contract/pets';
import { db } from '@/lib/db/client';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { createPet, listPets } from '@/lib/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url }) => {
  const query = parseQuery(url, ListPetsQuery);
  const page = await listPets(await db(), { limit: query.limit, status: query.status, afterId: query.cursor });
  return json(page.items, { headers: nextPageHeaders(url, page, query.limit) });
});

export const POST = apiRoute({ scope: 'write', idempotent: true }, async ({ request, database }) => {
  const newPet = parseBody(await readJsonBody(request), NewPet);
  const pet = await createPet(database, newPet);
  return json(pet, { status: 201, headers: { location: `/v1/pets/${pet.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
