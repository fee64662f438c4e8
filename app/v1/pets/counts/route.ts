// GET /v1/pets/counts (countPets): experimental; how many pets match the list's filters, by status.
import { PetCountsQuery } from '@/lib/contract/pets';
import { db } from '@/lib/db/client';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { countPets } from '@/lib/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url }) => {
  const filters = parseQuery(url, PetCountsQuery);
  return json(await countPets(await db(), filters));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
