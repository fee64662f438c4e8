// GET /v1/pets/{petId}/timestamps (getPetTimestamps): experimental; when a pet was
// added and last changed, apart from the Pet, whose fields the contract fixes.
import { PetIdParams } from '@/lib/contract/pets';
import { notFound } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { getPetTimestamps } from '@/lib/domain/pets';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getPetTimestamps' }, async ({ params, database }) => {
  const { petId } = parseParams(params, PetIdParams);
  const timestamps = await getPetTimestamps(database, petId);
  if (!timestamps) throw notFound(`No pet has id ${petId}.`);
  return json(timestamps);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
