// GET /v1/pets/{petId} (getPet): deprecated, removed on 5 December 2030.
// PATCH (updatePet) and DELETE (deletePet): experimental, not deprecated, so
// their answers carry no Deprecation or Sunset headers.
import { GetPetQuery, PetIdParams, PetUpdate } from '@/lib/contract/pets';
import { now } from '@/lib/runtime/clock';
import { deprecationHeaders, isPastSunset } from '@/lib/deprecation';
import { ApiError, notFound, valueOf } from '@/lib/http/errors';
import { readJsonBody } from '@/lib/http/body';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams, parseQuery } from '@/lib/http/query';
import { json, noContent } from '@/lib/http/respond';
import { deletePet, getPet, updatePet } from '@/lib/domain/pets';
import { withIncluded } from '@/lib/domain/pet-include';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getPet', headers: deprecationHeaders }, async ({ url, params, database }) => {
  if (isPastSunset(now())) {
    throw new ApiError('gone', 'GET /v1/pets/{petId} was removed on 5 December 2030; use GET /v1/pets with the status filter.');
  }
  const { petId } = parseParams(params, PetIdParams);
  const { include } = parseQuery(url, GetPetQuery);
  const pet = await getPet(database, petId);
  if (!pet) throw notFound(`No pet has id ${petId}.`);
  const [included] = await withIncluded(database, [pet], include);
  return json(included);
});

export const PATCH = apiRoute({ operation: 'updatePet' }, async ({ request, params, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  const update = parseBody(await readJsonBody(request), PetUpdate);
  return json(valueOf(await updatePet(database, petId, update)));
});

export const DELETE = apiRoute({ operation: 'deletePet' }, async ({ params, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  valueOf(await deletePet(database, petId));
  return noContent();
});

export const { POST, PUT, OPTIONS } = otherMethods(['GET', 'PATCH', 'DELETE']);
