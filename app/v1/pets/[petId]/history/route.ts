// GET /v1/pets/{petId}/history (listPetHistory, read, experimental): one pet's entries of the
// activity log, newest first, keyset-paged; whoever may read the pet may read its history
// (the whole log, GET /v1/activity, stays with admins). A deleted pet's entries stay readable.
import { listActivity } from '@/lib/domain/activity';
import { PetHistoryQuery } from '@/lib/contract/activity';
import { PetIdParams } from '@/lib/contract/pets';
import { toEntry } from '@/lib/http/activity-entry';
import { apiRoute } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listPetHistory' }, async ({ params, url, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  const { limit, cursor } = parseQuery(url, PetHistoryQuery);
  const page = await listActivity(database, { resource: 'pet', resourceId: String(petId), limit, beforeId: cursor });
  return json(page.items.map(toEntry), { headers: nextPageHeaders(url, page, limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
