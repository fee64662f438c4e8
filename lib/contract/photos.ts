// Pet photos (experimental): the Photo, its signed URLs, the parameters of
// /v1/pets/{petId}/photos and of the signed file URLs, and the limits an upload
// is held to (docs/API.md, "Photos (experimental)").
import { z } from 'zod';
import { MAX_PHOTO_BYTES } from './limits.mjs';
import { documentAs, int64Id } from './params';

export { MAX_PHOTO_BYTES };

/** A pet has at most this many photos (409 for one more). */
export const MAX_PHOTOS_PER_PET = 20;

/** An image's width × height at most (400 beyond), read from its header before it is decoded. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The longer side of each served size, at most (never enlarged); both are WebP. */
export const PHOTO_SIZES = { large: 1280, thumb: 320 } as const;

/** What a photo is served as: the original (re-encoded in its own format, without metadata), or a size. */
export const PHOTO_VARIANTS = ['original', 'large', 'thumb'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

/** The image types stored, as decided from the bytes; an upload's Content-Type may name any of these. */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoMediaType = (typeof PHOTO_MEDIA_TYPES)[number];

const PhotoUrl = z.string().meta({
  description: 'A signed URL under `/v1/photos/`, fetched with no Authorization header (an `<img>` may use it); it stops working when it expires (403).',
});

export const PhotoUrls = z
  .object({
    original: PhotoUrl,
    large: PhotoUrl.meta({ description: `WebP, at most ${PHOTO_SIZES.large} px on the longer side.` }),
    thumb: PhotoUrl.meta({ description: `WebP, at most ${PHOTO_SIZES.thumb} px on the longer side.` }),
  })
  .meta({ id: 'PhotoUrls', description: 'Signed, expiring URLs of the photo’s sizes.' });
export type PhotoUrls = z.infer<typeof PhotoUrls>;

export const Photo = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    petId: z.int().min(1).meta({ format: 'int64' }),
    position: z
      .int()
      .min(0)
      .max(MAX_PHOTOS_PER_PET - 1)
      .meta({ description: 'Where the photo stands among the pet’s photos; 0 is the cover.' }),
    contentType: z.enum(PHOTO_MEDIA_TYPES).meta({ description: 'The original’s type, as read from its bytes.' }),
    width: z.int().min(1).meta({ description: 'The original’s width in pixels, its orientation applied.' }),
    height: z.int().min(1),
    bytes: z.int().min(1).meta({ description: 'The stored original’s size in bytes.' }),
    createdAt: z.iso.datetime(),
    urls: PhotoUrls,
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof Photo>;

export const Photos = z.array(Photo).meta({ id: 'Photos', description: 'A pet’s photos by position, the cover first.' });

export const PetPhotosParams = z.object({ petId: int64Id() });
export const PetPhotoParams = z.object({ petId: int64Id(), photoId: int64Id() });

export const PhotoMove = z
  .strictObject(
    {
      position: z
        .int({ error: 'must be an integer' })
        .min(0, { error: 'must be 0 or more' })
        .max(MAX_PHOTOS_PER_PET - 1, { error: `must be at most ${MAX_PHOTOS_PER_PET - 1}` })
        .meta({ description: 'The new position; 0 makes the photo the cover. Past the last photo, it becomes the last.' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') },
  )
  .meta({ id: 'PhotoMove' });
export type PhotoMove = z.infer<typeof PhotoMove>;

export const PhotoFileParams = z.object({
  photoId: int64Id(),
  variant: z.enum(PHOTO_VARIANTS, { error: `must be one of ${PHOTO_VARIANTS.join(', ')}` }),
});

export const PhotoFileQuery = z.object({
  expires: z
    .string()
    .regex(/^[0-9]{1,12}$/, { error: 'must be a time in seconds since 1970' })
    .transform(Number)
    .meta({ description: 'When the URL stops working, in seconds since 1970.', override: documentAs({ type: 'integer', minimum: 0 }) }),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'is not a signature' })
    .meta({ description: 'The URL’s signature (HMAC-SHA256 over its path and `expires`).' }),
});
