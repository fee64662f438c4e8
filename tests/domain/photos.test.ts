// lib/domain/photos.ts's sweep, in-process on an in-memory PGlite, with the bytes in the
// database and in S3 (s3rver on loopback): a deleted pet's photos are kept, unreachable,
// until their days are up, then go with their bytes; bytes that no row names go once an
// upload could no longer be under way; nothing reachable is touched.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { photoBlobs } from '@/lib/db/schema';
import { makePhotoImages, type PhotoImages } from '@/lib/domain/photo-images';
import { randomBytes, randomUUID } from 'node:crypto';
import { photoStores, type PhotoStores } from '@/lib/domain/photo-store';
import { listPhotos, movePhotoFiles, photoToServe, storeAndAddPhoto, sweepPhotos } from '@/lib/domain/photos';
import { createPet, deletePet } from '@/lib/domain/pets';
import { openMemoryDatabase } from '../support/memory-database';
import { startS3Server, type S3Server } from '../support/s3';

let database: Database;
let close: () => Promise<void>;
let s3: S3Server;
let images: PhotoImages;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
  s3 = await startS3Server();
  // The store's S3 client reads the AWS_* variables when it is first made (lib/domain/photo-store.ts).
  const aws = s3.environment('sweep');
  delete aws.PHOTO_STORE_URL;
  Object.assign(process.env, aws);
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'teal' } })
    .jpeg()
    .toBuffer();
  const made = await makePhotoImages(bytes, { contentType: 'image/jpeg', width: 40, height: 30 });
  if (!made.ok) throw new Error(made.message);
  images = made.value;
});
afterAll(async () => {
  await close();
  await s3.stop();
});

const now = () => new Date();
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe.each([
  ['the database', () => null],
  ['S3', () => 's3://petstore-photos/sweep'],
])('sweeping photos stored in %s', (_, storeUrl) => {
  const stores = (): PhotoStores => photoStores(database, storeUrl());
  const store = () => stores().forNew;

  it('keeps a deleted pet’s photos, unreachable, for their days, then removes them with their bytes', async () => {
    const pet = await createPet(database, { name: 'Gone soon', categoryId: 1 });
    const added = await storeAndAddPhoto(database, BigInt(pet.id), images, stores());
    if (!added.ok) throw new Error(added.message);
    const { storageKey } = added.value;
    expect(await deletePet(database, BigInt(pet.id))).toMatchObject({ ok: true });
    expect(await photoToServe(database, BigInt(added.value.id))).toBeUndefined();
    expect(await listPhotos(database, BigInt(pet.id))).toMatchObject({ ok: false, problem: 'not_found' });

    expect(await sweepPhotos(database, stores(), { detachedDays: 30, unclaimedBefore: now() })).toBe(0);
    expect(await store().get(storageKey, 'thumb')).toBeDefined();
    expect(await sweepPhotos(database, stores(), { detachedDays: 0, unclaimedBefore: now() })).toBe(1);
    for (const variant of ['original', 'large', 'thumb'] as const) expect(await store().get(storageKey, variant)).toBeUndefined();
  });

  it('removes bytes no photo names once no upload can be under way, and never a photo’s', async () => {
    const pet = await createPet(database, { name: 'Kept', categoryId: 1 });
    const kept = await storeAndAddPhoto(database, BigInt(pet.id), images, stores());
    if (!kept.ok) throw new Error(kept.message);
    const unclaimed = randomUUID();
    await store().put(unclaimed, images);

    expect(await sweepPhotos(database, stores(), { detachedDays: 30, unclaimedBefore: new Date(Date.now() - 3_600_000) })).toBe(0);
    expect(await store().get(unclaimed, 'original')).toBeDefined();
    expect(await sweepPhotos(database, stores(), { detachedDays: 30, unclaimedBefore: inAnHour() })).toBe(1);
    expect(await store().get(unclaimed, 'original')).toBeUndefined();
    expect(Buffer.from((await store().get(kept.value.storageKey, 'original'))!)).toEqual(Buffer.from(images.original.bytes));
  });
});

describe('moving photos between stores (npm run photos -- move)', () => {
  // Every photo the file added moves, those the tests above stored in S3 too: the same bucket and prefix.
  const stores = () => photoStores(database, 's3://petstore-photos/sweep');

  it('moves every photo’s files to S3 and back, each served from where its row says', async () => {
    const pet = await createPet(database, { name: 'Moved', categoryId: 1 });
    const added = await storeAndAddPhoto(database, BigInt(pet.id), images, photoStores(database, null));
    if (!added.ok) throw new Error(added.message);
    const { storageKey } = added.value;
    const served = async () => {
      const photo = (await photoToServe(database, BigInt(added.value.id)))!;
      return { store: photo.store, bytes: Buffer.from((await stores().of(photo.store).get(storageKey, 'original'))!) };
    };
    expect((await served()).store).toBe('database');

    while ((await movePhotoFiles(database, stores(), 's3')) > 0);
    expect(await served()).toEqual({ store: 's3', bytes: Buffer.from(images.original.bytes) });
    expect(await stores().of('database').get(storageKey, 'original')).toBeUndefined();

    while ((await movePhotoFiles(database, stores(), 'database')) > 0);
    expect(await served()).toEqual({ store: 'database', bytes: Buffer.from(images.original.bytes) });
    expect(await stores().of('s3').get(storageKey, 'thumb')).toBeUndefined();
  });
});

describe('a file kept in the database in parts', () => {
  it('comes back whole, by the signed URL’s lookup and by the store, for a file of several parts', async () => {
    const pet = await createPet(database, { name: 'Parted', categoryId: 1 });
    // 600 KB of noise: three parts of 256 KiB.
    const original = { ...images.original, bytes: new Uint8Array(randomBytes(600_000)) };
    const added = await storeAndAddPhoto(database, BigInt(pet.id), { ...images, original }, photoStores(database, null));
    if (!added.ok) throw new Error(added.message);
    const parts = await database
      .select({ part: photoBlobs.part })
      .from(photoBlobs)
      .where(and(eq(photoBlobs.storageKey, added.value.storageKey), eq(photoBlobs.variant, 'original')));
    expect(parts.map(({ part }) => part).sort()).toEqual([0, 1, 2]);
    const served = await photoToServe(database, BigInt(added.value.id), { variant: 'original', withBytes: true });
    expect(Buffer.from(served!.bytes!).equals(Buffer.from(original.bytes))).toBe(true);
    const stored = await photoStores(database, null).forNew.get(added.value.storageKey, 'original');
    expect(Buffer.from(stored!).equals(Buffer.from(original.bytes))).toBe(true);
    const thumb = await photoToServe(database, BigInt(added.value.id), { variant: 'thumb', withBytes: true });
    expect(Buffer.from(thumb!.bytes!)).toEqual(Buffer.from(images.thumb.bytes));
  });
});
