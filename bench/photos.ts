// The benchmark's photos: a cover for each of the first pets of the bench database,
// stored as the app stores them by default (photo_blobs, the database store), so that
// the `thumbnail` scenario has thumbnails to fetch and every server reads the same
// bytes from the same database; and the signed thumbnail URLs, from the app (the
// baselines check the same signatures with the same key, kept in signing_keys).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import sharp from 'sharp';
import { PHOTO_SIZES } from '../lib/contract/photos';

/** How many pets get a photo: the scenario fetches their thumbnails at random. */
const BENCH_PHOTOS = 200;
const KEY_PREFIX = 'bench-photo-';

/** A photo-like JPEG of about `bytes` bytes: noise compresses as a photo does. */
export async function photoLikeJpeg(bytes: number): Promise<Buffer> {
  const make = (width: number) =>
    sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg({ quality: 88 })
      .toBuffer();
  const probe = await make(800);
  // Size grows with the pixels: one probe, then the width that gives about `bytes`.
  return make(Math.round(800 * Math.sqrt(bytes / probe.byteLength)));
}

/** The three images of a bench photo, as the app would keep them of a 1600 × 1200 JPEG. */
async function benchImages(): Promise<Record<'original' | 'large' | 'thumb', Buffer>> {
  const original = await photoLikeJpeg(600_000);
  const large = await sharp(original).resize(PHOTO_SIZES.large, PHOTO_SIZES.large, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
  const thumb = await sharp(large).resize(PHOTO_SIZES.thumb, PHOTO_SIZES.thumb, { fit: 'inside' }).webp({ quality: 75 }).toBuffer();
  return { original, large, thumb };
}

/** Gives the first BENCH_PHOTOS pets (of `pets`) a photo each (once), and the database its photo-URL key. */
export async function ensureBenchPhotos(sql: postgres.Sql, pets: number): Promise<void> {
  const wanted = Math.min(BENCH_PHOTOS, pets);
  // Made here, before any server or copy of the database signs: every target then checks with it.
  await sql`insert into signing_keys (name, secret) values ('photo-urls', ${randomBytes(32)}) on conflict do nothing`;
  const [{ count } = { count: 0 }] = await sql`select count(*)::int as count from pet_photos where storage_key like ${`${KEY_PREFIX}%`}`;
  if (count === wanted) return;
  const images = await benchImages();
  const metadata = await sharp(images.original).metadata();
  await sql.begin(async (transaction) => {
    await transaction`delete from pet_photos where storage_key like ${`${KEY_PREFIX}%`}`;
    await transaction`delete from photo_blobs where storage_key like ${`${KEY_PREFIX}%`}`;
    for (let petId = 1; petId <= wanted; petId++) {
      const storageKey = `${KEY_PREFIX}${petId}`;
      for (const variant of ['original', 'large', 'thumb'] as const) {
        await transaction`insert into photo_blobs (storage_key, variant, bytes) values (${storageKey}, ${variant}, ${images[variant]})`;
      }
      await transaction`
        insert into pet_photos (pet_id, sort_key, storage_key, content_type, width, height, bytes)
        values (${petId}, 0, ${storageKey}, 'image/jpeg', ${metadata.width}, ${metadata.height}, ${images.original.byteLength})`;
    }
  });
}

/** The signed thumbnail URLs of the bench photos, as the app lists them (paths under /v1). */
export async function thumbnailUrls(baseUrl: string, apiKey: string, pets: number): Promise<string[]> {
  const urls: string[] = [];
  for (let petId = 1; petId <= Math.min(BENCH_PHOTOS, pets); petId++) {
    const response = await fetch(`${baseUrl}/v1/pets/${petId}/photos`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!response.ok) throw new Error(`GET /v1/pets/${petId}/photos answered ${response.status}: ${await response.text()}`);
    const [photo] = (await response.json()) as { urls: { thumb: string } }[];
    if (photo) urls.push(photo.urls.thumb);
  }
  if (urls.length === 0) throw new Error('the bench database has no photos to fetch');
  return urls;
}
