// GET, PATCH and DELETE /v1/pets/{petId}/photos/{photoId} (getPetPhoto, movePetPhoto,
// deletePetPhoto), experimental: one photo; a move to another position (0: the cover);
// a removal, its bytes with it.
import { PetPhotoParams, PhotoMove } from '@/lib/contract/photos';
import { getPhoto, movePhoto, removePhotoAndBytes } from '@/lib/domain/photos';
import { photoUrlSigner } from '@/lib/domain/photo-urls';
import { readJsonBody } from '@/lib/http/body';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams } from '@/lib/http/query';
import { json, noContent } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getPetPhoto' }, async ({ params, database }) => {
  const { petId, photoId } = parseParams(params, PetPhotoParams);
  const photo = valueOf(await getPhoto(database, petId, photoId));
  return json((await photoUrlSigner(database)).photoOf(photo));
});

export const PATCH = apiRoute({ operation: 'movePetPhoto' }, async ({ request, params, database }) => {
  const { petId, photoId } = parseParams(params, PetPhotoParams);
  const { position } = parseBody(await readJsonBody(request), PhotoMove);
  const photo = valueOf(await movePhoto(database, petId, photoId, position));
  return json((await photoUrlSigner(database)).photoOf(photo));
});

export const DELETE = apiRoute({ operation: 'deletePetPhoto' }, async ({ params, database }) => {
  const { petId, photoId } = parseParams(params, PetPhotoParams);
  valueOf(await removePhotoAndBytes(database, petId, photoId));
  return noContent();
});

export const { POST, PUT, OPTIONS } = otherMethods(['GET', 'PATCH', 'DELETE']);
