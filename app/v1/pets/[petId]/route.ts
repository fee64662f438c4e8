// GET /v1/pets/{petId} (getPet): deprecated, removed on 5 December 2030.
import { PetIdParams } from '@/lib/contract/pets';
import { now } from '@/lib/clock';
import { db } from '@/lib/db/client';
import { deprecationHeaders, isPastSunset } from '@/lib/deprecation';
import { ApiError, notFound } from '@/lib/http/errors';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { getPet } from '@/lib/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read', headers: deprecationHeaders }, async ({ params }) => {
  if (isPastSunset(now())) {
    throw new ApiError('gone', 'GET /v1/pets/{petId} was removed on 5 December 2030; use GET /v1/pets with the status filter.');
  }
  const { petId } = parseParams(params, PetIdParams);
  const pet = await getPet(await db(), petId);
  if (!pet) throw notFound(`No pet has id ${petId}.`);
  return json(pet);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
