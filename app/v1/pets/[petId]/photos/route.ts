// GET /v1/pets/{petId}/photos (listPetPhotos) and POST (addPetPhoto), experimental: a
// pet's photos by position, and an upload, read in one of the instance's upload slots,
// checked from its bytes (lib/domain/photo-images.ts), made into its sizes in one of its
// processing slots, stored, then added (lib/http/photo-slots.ts).
import { PetPhotosParams } from '@/lib/contract/photos';
import { inspectImage, makePhotoImages } from '@/lib/domain/photo-images';
import { listPhotos, roomForPhoto, storeAndAddPhoto } from '@/lib/domain/photos';
import { photoUrlSigner } from '@/lib/domain/photo-urls';
import { acceptedOf, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { inPhotoSlot } from '@/lib/http/photo-slots';
import { readPhotoUpload } from '@/lib/http/photo-upload';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listPetPhotos' }, async ({ params, database }) => {
  const { petId } = parseParams(params, PetPhotosParams);
  const { photoOf } = await photoUrlSigner(database);
  return json(valueOf(await listPhotos(database, petId)).map(photoOf));
});

export const POST = apiRoute({ operation: 'addPetPhoto' }, async ({ request, params, database }) => {
  const { petId } = parseParams(params, PetPhotosParams);
  // A pet that is gone or full refuses the upload before its bytes are read.
  valueOf(await roomForPhoto(database, petId));
  const photo = await inPhotoSlot('uploading', async () => {
    const upload = await readPhotoUpload(request);
    const image = acceptedOf(await inspectImage(upload));
    const images = acceptedOf(await inPhotoSlot('processing', () => makePhotoImages(upload, image)));
    return valueOf(await storeAndAddPhoto(database, petId, images));
  });
  const { photoOf } = await photoUrlSigner(database);
  return json(photoOf(photo), { status: 201, headers: { location: `/v1/pets/${photo.petId}/photos/${photo.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
