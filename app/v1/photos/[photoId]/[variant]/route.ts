// GET /v1/photos/{photoId}/{variant} (getPhotoFile), experimental: a photo's file, by
// the signed URL a Photo carries; no Authorization (an `<img>` fetches it). The
// signature and expiry first (403), then the photo (404); sent as the image it is, never
// sniffed or run (nosniff, CSP sandbox), cacheable until the URL expires, with a 304 for
// a copy the client holds. Files are read from the store in the instance's serving slots.
import { createHash } from 'node:crypto';
import { PhotoFileParams, PhotoFileQuery } from '@/lib/contract/photos';
import { photoStores } from '@/lib/domain/photo-store';
import { checkSignedUrl } from '@/lib/domain/photo-urls';
import { photoToServe, variantType } from '@/lib/domain/photos';
import { ApiError, notFound } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { inPhotoSlot } from '@/lib/http/photo-slots';
import { answer } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

// The bytes under a storage key never change: the tag names the key and size, without showing the key.
const entityTag = (storageKey: string, variant: string) => `"${createHash('sha256').update(`${storageKey}/${variant}`).digest('base64url').slice(0, 22)}"`;

const noSuchPhoto = () => notFound('No such photo: it may have been deleted, or its pet was.');

export const GET = apiRoute({ operation: null }, async ({ request, url, params, database }) => {
  const file = PhotoFileParams.safeParse(params);
  if (!file.success) throw noSuchPhoto();
  const signed = PhotoFileQuery.safeParse({ expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined });
  const { photoId, variant } = file.data;
  const check = signed.success
    ? await checkSignedUrl(database, { photoId, variant, ...signed.data })
    : { refusal: 'This photo URL is not signed: use the URL as the API gave it.' };
  if ('refusal' in check) throw new ApiError('forbidden', check.refusal);
  const photo = await photoToServe(database, photoId);
  if (!photo) throw noSuchPhoto();
  const headers = {
    etag: entityTag(photo.storageKey, variant),
    'cache-control': `private, max-age=${check.secondsLeft}, immutable`,
    'content-security-policy': 'sandbox',
  };
  if (
    request.headers
      .get('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(headers.etag)
  )
    return answer({ status: 304, body: null, headers });
  const bytes = await inPhotoSlot('serving', () => photoStores(database).of(photo.store).get(photo.storageKey, variant));
  if (!bytes) throw noSuchPhoto();
  return answer({ status: 200, body: bytes, headers: { ...headers, 'content-type': variantType(variant, photo.contentType) } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
