// lib/domain/photos.ts's sweep, in-process on an in-memory PGlite, with the bytes in the
// database and in S3 (s3rver on loopback): a deleted pet's photos are kept, unreachable,
// until their days are up, then go with their bytes; bytes that no row names go once an
// upload could no longer be under way; nothing reachable is touched.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { makePhotoImages, type PhotoImages } from '@/lib/domain/photo-images';
import { photoStore, type PhotoStore } from '@/lib/domain/photo-store';
import { listPhotos, photoToServe, storeAndAddPhoto, sweepPhotos } from '@/lib/domain/photos';
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
  // The store's S3 client reads them when it is first made (lib/domain/photo-store.ts).
  Object.assign(process.env, s3.environment('sweep'));
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
  ['the database', () => undefined],
  ['S3', () => 's3://petstore-photos/sweep'],
])('sweeping photos stored in %s', (_, storeUrl) => {
  const store = (): PhotoStore => photoStore(database, storeUrl());

  it('keeps a deleted pet’s photos, unreachable, for their days, then removes them with their bytes', async () => {
    const pet = await createPet(database, { name: 'Gone soon', categoryId: 1 });
    const added = await storeAndAddPhoto(database, BigInt(pet.id), images, store());
    if (!added.ok) throw new Error(added.message);
    const { storageKey } = added.value;
    expect(await deletePet(database, BigInt(pet.id))).toMatchObject({ ok: true });
    expect(await photoToServe(database, BigInt(added.value.id))).toBeUndefined();
    expect(await listPhotos(database, BigInt(pet.id))).toMatchObject({ ok: false, problem: 'not_found' });

    expect(await sweepPhotos(database, store(), { detachedDays: 30, unclaimedBefore: now() })).toBe(0);
    expect(await store().get(storageKey, 'thumb')).toBeDefined();
    expect(await sweepPhotos(database, store(), { detachedDays: 0, unclaimedBefore: now() })).toBe(1);
    for (const variant of ['original', 'large', 'thumb'] as const) expect(await store().get(storageKey, variant)).toBeUndefined();
  });

  it('removes bytes no photo names once no upload can be under way, and never a photo’s', async () => {
    const pet = await createPet(database, { name: 'Kept', categoryId: 1 });
    const kept = await storeAndAddPhoto(database, BigInt(pet.id), images, store());
    if (!kept.ok) throw new Error(kept.message);
    const unclaimed = await store().put(images);

    expect(await sweepPhotos(database, store(), { detachedDays: 30, unclaimedBefore: new Date(Date.now() - 3_600_000) })).toBe(0);
    expect(await store().get(unclaimed, 'original')).toBeDefined();
    expect(await sweepPhotos(database, store(), { detachedDays: 30, unclaimedBefore: inAnHour() })).toBe(1);
    expect(await store().get(unclaimed, 'original')).toBeUndefined();
    expect(Buffer.from((await store().get(kept.value.storageKey, 'original'))!)).toEqual(Buffer.from(images.original.bytes));
  });
});
