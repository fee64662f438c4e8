// Signed photo URLs (docs/API.md, "Photos"): `/v1/photos/{photoId}/{variant}?expires=…&signature=…`,
// the signature an HMAC-SHA256 over the path and the expiry, as an S3 presigned URL is, so
// an `<img>` fetches them with no header. The key is derived from the dashboard's session
// secret (NEXTAUTH_SECRET, or the one kept in .data/), which every instance of a fleet
// shares. An expiry is rounded to a quarter of PHOTO_URL_TTL_SECONDS, so that a photo has
// the same URL for that long and browsers' caches find it; a URL works for three quarters
// of the TTL at least, and for the TTL at most.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Photo, PhotoUrls, PhotoVariant } from '../contract/photos';
import { authSecret } from '../auth/secret';
import type { PhotoRecord } from '../domain/photos';
import { now } from '../runtime/clock';
import { config } from '../runtime/config';

let signingKey: Buffer | undefined;

// A key of its own (HKDF), so a photo URL's signature says nothing of the session secret.
const key = () => (signingKey ??= Buffer.from(hkdfSync('sha256', authSecret(), '', 'petstore photo URLs', 32)));

const signatureOf = (path: string, expires: number) => createHmac('sha256', key()).update(`${path}\n${expires}`).digest('base64url');

const photoFilePath = (photoId: number | bigint, variant: PhotoVariant) => `/v1/photos/${photoId}/${variant}`;

/** When URLs signed now expire, in seconds since 1970. */
function expiryFromNow(): number {
  const ttl = config().PHOTO_URL_TTL_SECONDS;
  const step = Math.max(1, Math.floor(ttl / 4));
  return Math.floor(now().getTime() / 1000 / step) * step + ttl;
}

export function signedPhotoUrls(photoId: number): PhotoUrls {
  const expires = expiryFromNow();
  const url = (variant: PhotoVariant) => {
    const path = photoFilePath(photoId, variant);
    return `${path}?expires=${expires}&signature=${signatureOf(path, expires)}`;
  };
  return { original: url('original'), large: url('large'), thumb: url('thumb') };
}

/** The Photo of a record, with its signed URLs. */
export const photoOf = (record: PhotoRecord): Photo => ({
  id: record.id,
  petId: record.petId,
  position: record.position,
  contentType: record.contentType,
  width: record.width,
  height: record.height,
  bytes: record.bytes,
  createdAt: record.createdAt.toISOString(),
  urls: signedPhotoUrls(record.id),
});

/** Why a signed URL is refused, or undefined when it holds; `secondsLeft` is how long it still does. */
export function checkSignedUrl(path: string, expires: number, signature: string): { refusal: string } | { secondsLeft: number } {
  const expected = Buffer.from(signatureOf(path, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { refusal: 'This photo URL’s signature does not match it: use the URL as the API gave it.' };
  }
  const secondsLeft = expires - Math.floor(now().getTime() / 1000);
  if (secondsLeft <= 0) return { refusal: 'This photo URL has expired: list the pet’s photos again for fresh URLs.' };
  return { secondsLeft };
}
