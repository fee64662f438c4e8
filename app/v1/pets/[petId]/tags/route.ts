// GET /v1/pets/{petId}/tags (getPetTags) and PUT (replacePetTags): experimental;
// a pet's tags, and the whole set replaced, in one change of the pet (its
// activity entry and change event).
import { PetIdParams } from '@/lib/contract/pets';
import { PetTagsReplacement } from '@/lib/contract/tags';
import { readJsonBody } from '@/lib/http/body';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { replacePetTags } from '@/lib/domain/pets';
import { tagsOfPet } from '@/lib/domain/tags';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getPetTags' }, async ({ params, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  const tags = await tagsOfPet(database, petId);
  if (!tags) throw notFound(`No pet has id ${petId}.`);
  return json(tags);
});

export const PUT = apiRoute({ operation: 'replacePetTags' }, async ({ request, params, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  const tags = parseBody(await readJsonBody(request), PetTagsReplacement);
  return json(valueOf(await replacePetTags(database, petId, tags)));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'PUT']);
