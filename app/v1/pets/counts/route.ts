// GET /v1/pets/counts (countPets): experimental; how many pets match the list's filters, by status.
import { PetCountsQuery } from '@/lib/contract/pets';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseQuery } from '@/lib/http/query';
import { inSearchSlot } from '@/lib/http/search-slots';
import { json } from '@/lib/http/respond';
import { countPets, isSearch } from '@/lib/domain/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'countPets' }, async ({ url, caller, database }) => {
  const filters = parseQuery(url, PetCountsQuery);
  return json(await (isSearch(filters) ? inSearchSlot(caller, () => countPets(database, filters)) : countPets(database, filters)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
