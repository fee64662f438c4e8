// Signed photo URLs (docs/API.md, "Photos (experimental)"): `/v1/photos/{photoId}/{variant}?expires=…&signature=…`,
// the signature an HMAC-SHA256 over the path and the expiry, as an S3 presigned URL is, so
// an `<img>` fetches them with no header. The key is the database's `photo-urls` signing
// key (signing-keys.ts), which every instance shares. An expiry is rounded to a quarter of
// PHOTO_URL_TTL_SECONDS, so that a photo keeps one URL that long and browsers' caches find
// it: a URL works for three quarters of the TTL at least, and for the TTL at most.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PHOTO_VARIANTS, type Photo, type PhotoUrls, type PhotoVariant } from '../contract/photos';
import type { Database } from '../db/client';
import { now } from '../runtime/clock';
import { config } from '../runtime/config';
import type { PhotoRecord } from './photos';
import { signingKey } from './signing-keys';

const signatureOf = (key: Buffer, path: string, expires: number) => createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');

const filePath = (photoId: number | bigint, variant: PhotoVariant) => `/v1/photos/${photoId}/${variant}`;

/** When URLs signed now expire, in seconds since 1970. */
function expiryFromNow(): number {
  const ttl = config().PHOTO_URL_TTL_SECONDS;
  const step = Math.max(1, Math.floor(ttl / 4));
  return Math.floor(now().getTime() / 1000 / step) * step + ttl;
}

export type PhotoUrlSigner = {
  /** The signed URLs of a photo's sizes. */
  urlsOf: (photoId: number) => PhotoUrls;
  /** The Photo of a record, with its URLs. */
  photoOf: (record: PhotoRecord) => Photo;
};

export async function photoUrlSigner(database: Database): Promise<PhotoUrlSigner> {
  const key = await signingKey(database, 'photo-urls');
  const urlsOf = (photoId: number): PhotoUrls => {
    const expires = expiryFromNow();
    const entries = PHOTO_VARIANTS.map((variant) => {
      const path = filePath(photoId, variant);
      return [variant, `${path}?expires=${expires}&signature=${signatureOf(key, path, expires)}`];
    });
    return Object.fromEntries(entries) as PhotoUrls;
  };
  return {
    urlsOf,
    photoOf: (record) => ({
      id: record.id,
      petId: record.petId,
      position: record.position,
      contentType: record.contentType,
      width: record.width,
      height: record.height,
      bytes: record.bytes,
      createdAt: record.createdAt.toISOString(),
      urls: urlsOf(record.id),
    }),
  };
}

/** Why the signed URL of a photo's file is refused, or how many seconds it still works. */
export async function checkSignedUrl(
  database: Database,
  url: { photoId: bigint; variant: PhotoVariant; expires: number; signature: string },
): Promise<{ refusal: string } | { secondsLeft: number }> {
  const expected = Buffer.from(signatureOf(await signingKey(database, 'photo-urls'), filePath(url.photoId, url.variant), url.expires));
  const given = Buffer.from(url.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refusal: 'This photo URL’s signature does not match it: use the URL as the API gave it.' };
  }
  const secondsLeft = url.expires - Math.floor(now().getTime() / 1000);
  if (secondsLeft <= 0) return { refusal: 'This photo URL has expired: list the pet’s photos again for fresh URLs.' };
  return { secondsLeft };
}
