// What the service knows about pet photos: list, add, move, remove, the file to serve,
// the covers of a page of pets, and the sweep. Every change locks the pet's row first
// (FOR NO KEY UPDATE: changes of one pet's photos take turns, and a delete of the pet
// waits for them, or they find it gone), and is recorded as the caller's in its own
// transaction: the triggers of drizzle/0022 write the activity entries and the change
// feed's events. A photo's row is written only after its bytes are stored
// (photo-store.ts); bytes that never got a row, and the photos of pets deleted more
// than 30 days ago, are swept.
import { and, asc, eq, inArray, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import { MAX_PHOTOS_PER_PET, PHOTO_VARIANTS, type PhotoMediaType, type PhotoUrls, type PhotoVariant } from '../contract/photos';
import type { Database, Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { petPhotos, pets, photoBlobs } from '../db/schema';
import { recorded } from './activity';
import type { PhotoImages } from './photo-images';
import { randomUUID } from 'node:crypto';
import { joinedParts, photoStores, type PhotoFiles, type PhotoStoreKind, type PhotoStores } from './photo-store';
import { photoUrlSigner } from './photo-urls';
import { refused, succeeded, type Outcome } from './outcome';

/** A photo as the domain knows it; the HTTP layer adds its signed URLs. */
export type PhotoRecord = {
  id: number;
  petId: number;
  position: number;
  contentType: PhotoMediaType;
  width: number;
  height: number;
  bytes: number;
  createdAt: Date;
  storageKey: string;
};

/** How long a deleted pet's photos are kept for a restore before they are swept. */
const DETACHED_PHOTOS_KEPT_DAYS = 30;
/** Bytes stored this long ago without a row are an upload that never finished: swept. */
const UNCLAIMED_BYTES_KEPT_MS = 60 * 60 * 1000;

const photoColumns = {
  id: petPhotos.id,
  petId: petPhotos.petId,
  sortKey: petPhotos.sortKey,
  contentType: petPhotos.contentType,
  width: petPhotos.width,
  height: petPhotos.height,
  bytes: petPhotos.bytes,
  createdAt: petPhotos.createdAt,
  storageKey: petPhotos.storageKey,
};

type PhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

const toRecord = (row: PhotoRow, position: number): PhotoRecord => ({
  id: row.id,
  petId: row.petId,
  position,
  contentType: row.contentType as PhotoMediaType,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  createdAt: row.createdAt,
  storageKey: row.storageKey,
});

const noPet = (petId: number) => refused('not_found', `No pet has id ${petId}.`);
const noPhoto = (petId: number, photoId: bigint | number) => refused('not_found', `Pet ${petId} has no photo with id ${photoId}.`);

/** An id too large for any row (none is assigned past 2^53-1) finds nothing. */
const asRowId = (id: bigint): number | undefined => (id > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(id));

/** The pet's photos in order (live ones: a deleted pet's are detached). */
function photosOf(database: Executor, petId: number) {
  return database
    .select(photoColumns)
    .from(petPhotos)
    .where(and(eq(petPhotos.petId, petId), isNull(petPhotos.detachedAt)))
    .orderBy(asc(petPhotos.sortKey), asc(petPhotos.id));
}

/** Locks the pet's row for a change of its photos; false when there is no such pet. */
async function lockPet(transaction: Executor, petId: number): Promise<boolean> {
  const [pet] = await transaction.select({ id: pets.id }).from(pets).where(eq(pets.id, petId)).for('no key update');
  return pet !== undefined;
}

async function petExists(database: Executor, petId: number): Promise<boolean> {
  const [pet] = await database.select({ id: pets.id }).from(pets).where(eq(pets.id, petId));
  return pet !== undefined;
}

/** The pet's photos by position, the cover first. */
export async function listPhotos(database: Database, id: bigint): Promise<Outcome<PhotoRecord[]>> {
  const petId = asRowId(id);
  if (petId === undefined || !(await petExists(database, petId))) return noPet(Number(id));
  const rows = await photosOf(database, petId);
  return succeeded(rows.map((row, position) => toRecord(row, position)));
}

export async function getPhoto(database: Database, id: bigint, photoId: bigint): Promise<Outcome<PhotoRecord>> {
  const listed = await listPhotos(database, id);
  if (!listed.ok) return listed;
  const photo = listed.value.find((record) => BigInt(record.id) === photoId);
  return photo ? succeeded(photo) : noPhoto(Number(id), photoId);
}

const tooMany = (petId: number) =>
  refused('conflict', `Pet ${petId} has ${MAX_PHOTOS_PER_PET} photos, the most a pet may have: delete one before adding another.`);

/**
 * Whether the pet can take one more photo: checked before an upload is decoded and
 * stored, so that a refusal costs nothing; addPhoto checks again under the pet's lock.
 */
export async function roomForPhoto(database: Database, id: bigint): Promise<Outcome<null>> {
  const petId = asRowId(id);
  if (petId === undefined || !(await petExists(database, petId))) return noPet(Number(id));
  const [row] = await database
    .select({ count: sql<number>`count(*)::integer` })
    .from(petPhotos)
    .where(and(eq(petPhotos.petId, petId), isNull(petPhotos.detachedAt)));
  return (row?.count ?? 0) >= MAX_PHOTOS_PER_PET ? tooMany(petId) : succeeded(null);
}

/**
 * Adds a photo whose images are stored under `storageKey`, last among the pet's photos
 * (the cover if it is the first). Refused (404, 409) when the pet is gone or full; the
 * caller then removes the bytes it stored.
 */
async function addPhoto(
  database: Database,
  id: bigint,
  images: PhotoImages,
  stored: { storageKey: string; store: PhotoStoreKind },
): Promise<Outcome<PhotoRecord>> {
  const petId = asRowId(id);
  if (petId === undefined) return noPet(Number(id));
  return recorded(database, async (transaction) => {
    if (!(await lockPet(transaction, petId))) return noPet(petId);
    const [taken] = await transaction
      .select({ count: sql<number>`count(*)::integer`, last: max(petPhotos.sortKey) })
      .from(petPhotos)
      .where(and(eq(petPhotos.petId, petId), isNull(petPhotos.detachedAt)));
    const count = taken?.count ?? 0;
    if (count >= MAX_PHOTOS_PER_PET) return tooMany(petId);
    const { original } = images;
    const [row] = await transaction
      .insert(petPhotos)
      .values({
        petId,
        sortKey: (taken?.last ?? -1) + 1,
        ...stored,
        contentType: original.contentType,
        width: original.width,
        height: original.height,
        bytes: original.bytes.byteLength,
      })
      .returning(photoColumns);
    return succeeded(toRecord(row!, count));
  });
}

/**
 * Stores the images, then adds the photo: its row is committed only once its bytes are
 * stored. Bytes stored for a photo refused or failed are removed (or, if that fails too,
 * swept).
 */
export async function storeAndAddPhoto(
  database: Database,
  id: bigint,
  images: PhotoImages,
  stores: PhotoStores = photoStores(database),
): Promise<Outcome<PhotoRecord>> {
  const store = stores.forNew;
  const storageKey = randomUUID();
  await store.put(storageKey, images);
  const forget = () => store.remove(storageKey).catch(() => {});
  try {
    const added = await addPhoto(database, id, images, { storageKey, store: store.kind });
    if (!added.ok) await forget();
    return added;
  } catch (error) {
    await forget();
    throw error;
  }
}

/** Removes a photo, then its bytes (once the row is gone, no one reaches them; a removal that fails leaves them to the sweep). */
export async function removePhotoAndBytes(database: Database, id: bigint, photoId: bigint): Promise<Outcome<null>> {
  const removed = await removePhoto(database, id, photoId);
  if (!removed.ok) return removed;
  await photoStores(database)
    .of(removed.value.store)
    .remove(removed.value.storageKey)
    .catch(() => {});
  return succeeded(null);
}

/**
 * Moves a photo to `position` (0: the cover; past the last, the last), the others
 * keeping their order: one UPDATE renumbers the pet's photos, so the log has one
 * `photo-move` entry. Moving a photo where it is changes nothing.
 */
export async function movePhoto(database: Database, id: bigint, photoId: bigint, position: number): Promise<Outcome<PhotoRecord>> {
  const petId = asRowId(id);
  if (petId === undefined) return noPet(Number(id));
  return recorded(database, async (transaction) => {
    if (!(await lockPet(transaction, petId))) return noPet(petId);
    const rows = await photosOf(transaction, petId);
    const from = rows.findIndex((row) => BigInt(row.id) === photoId);
    if (from === -1) return noPhoto(petId, photoId);
    const to = Math.min(position, rows.length - 1);
    const order = rows.filter((_, index) => index !== from);
    order.splice(to, 0, rows[from]!);
    const renumbered = order
      .map((row, sortKey) => ({ id: row.id, sortKey }))
      .filter(({ id, sortKey }) => rows.find((row) => row.id === id)!.sortKey !== sortKey);
    if (renumbered.length > 0) {
      const sortKeys = sql.join(
        renumbered.map(({ id, sortKey }) => sql`when ${id}::bigint then ${sortKey}::integer`),
        sql` `,
      );
      await transaction
        .update(petPhotos)
        .set({ sortKey: sql`case ${petPhotos.id} ${sortKeys} end` })
        .where(
          inArray(
            petPhotos.id,
            renumbered.map(({ id }) => id),
          ),
        );
    }
    return succeeded(toRecord({ ...rows[from]!, sortKey: to }, to));
  });
}

type StoredAt = { storageKey: string; store: PhotoStoreKind };

const storedAt = { storageKey: petPhotos.storageKey, store: sql<PhotoStoreKind>`${petPhotos.store}` };

/** Removes a photo's row; returns where its files are. */
async function removePhoto(database: Database, id: bigint, photoId: bigint): Promise<Outcome<StoredAt>> {
  const petId = asRowId(id);
  const rowId = asRowId(photoId);
  if (petId === undefined) return noPet(Number(id));
  return recorded(database, async (transaction) => {
    if (!(await lockPet(transaction, petId))) return noPet(petId);
    if (rowId === undefined) return noPhoto(petId, photoId);
    const [removed] = await transaction
      .delete(petPhotos)
      .where(and(eq(petPhotos.id, rowId), eq(petPhotos.petId, petId), isNull(petPhotos.detachedAt)))
      .returning(storedAt);
    return removed ? succeeded(removed) : noPhoto(petId, photoId);
  });
}

// The signed URL's lookup, on every photo fetched: one prepared statement, which for a photo
// kept in the database brings the file's bytes too (one round trip, not two). A detached
// photo (its pet deleted) is found no more.
const servedPhoto = (database: Database, withBytes: boolean) => {
  const name = withBytes ? 'served_photo_file' : 'served_photo';
  return preparedStatement(database, name, () => {
    const live = and(eq(petPhotos.id, sql.placeholder('id')), isNull(petPhotos.detachedAt));
    const columns = { ...storedAt, contentType: petPhotos.contentType };
    if (!withBytes)
      return database
        .select({ ...columns, bytes: sql<Uint8Array | null>`null` })
        .from(petPhotos)
        .where(live)
        .prepare(name);
    const itsFile = and(eq(petPhotos.store, 'database'), eq(photoBlobs.storageKey, petPhotos.storageKey), eq(photoBlobs.variant, sql.placeholder('variant')));
    return database
      .select({ ...columns, bytes: photoBlobs.bytes })
      .from(petPhotos)
      .leftJoin(photoBlobs, itsFile)
      .where(live)
      .orderBy(asc(photoBlobs.part))
      .prepare(name);
  });
};

type ServedPhoto = StoredAt & { contentType: PhotoMediaType; bytes: Uint8Array | null };

/**
 * Where a live photo's files are and the original's type, undefined for no such photo; with
 * `withBytes`, a database-kept file's bytes too (null otherwise: ask its store).
 */
export async function photoToServe(
  database: Database,
  photoId: bigint,
  file?: { variant: PhotoVariant; withBytes: boolean },
): Promise<ServedPhoto | undefined> {
  const rowId = asRowId(photoId);
  if (rowId === undefined) return undefined;
  // A database-kept file comes as a row per part (photo-store.ts).
  const rows = await servedPhoto(database, file?.withBytes ?? false).execute({ id: rowId, variant: file?.variant ?? 'original' });
  const [row] = rows;
  const parts = rows.flatMap((part) => (part.bytes ? [part.bytes] : []));
  return row && { ...row, contentType: row.contentType as PhotoMediaType, bytes: parts.length > 0 ? joinedParts(parts) : null };
}

/** The media type a variant is served as. */
export const variantType = (variant: PhotoVariant, original: PhotoMediaType): PhotoMediaType => (variant === 'original' ? original : 'image/webp');

/** The signed URLs of the cover (position 0) of each of these pets that has one: one query for a page. */
export async function coverUrlsOf(database: Database, petIds: number[]): Promise<Map<number, PhotoUrls>> {
  if (petIds.length === 0) return new Map();
  const rows = await database
    .selectDistinctOn([petPhotos.petId], { petId: petPhotos.petId, id: petPhotos.id })
    .from(petPhotos)
    .where(and(inArray(petPhotos.petId, petIds), isNull(petPhotos.detachedAt)))
    .orderBy(asc(petPhotos.petId), asc(petPhotos.sortKey), asc(petPhotos.id));
  const { urlsOf } = await photoUrlSigner(database);
  return new Map(rows.map((row) => [row.petId, urlsOf(row.id)]));
}

const SWEEP_BATCH = 100;

/**
 * Removes what no one can reach any more: the photos of pets deleted more than
 * `detachedDays` ago (rows, then files), and files stored before `unclaimedBefore` that no
 * row names (an upload that failed between the two, a removal whose files were left), in
 * every store in use. Returns how many photos' files went. Run by every instance now and then
 * (lib/runtime/startup.ts): what two sweeps remove at once is removed once.
 */
export async function sweepPhotos(
  database: Database,
  stores: PhotoStores,
  options: { detachedDays: number; unclaimedBefore: Date } = {
    detachedDays: DETACHED_PHOTOS_KEPT_DAYS,
    unclaimedBefore: new Date(Date.now() - UNCLAIMED_BYTES_KEPT_MS),
  },
): Promise<number> {
  let swept = 0;
  for (;;) {
    const expired = await database
      .delete(petPhotos)
      .where(
        inArray(
          petPhotos.id,
          database
            .select({ id: petPhotos.id })
            .from(petPhotos)
            .where(and(isNotNull(petPhotos.detachedAt), lt(petPhotos.detachedAt, sql`now() - make_interval(days => ${options.detachedDays}::integer)`)))
            .limit(SWEEP_BATCH),
        ),
      )
      .returning(storedAt);
    for (const { storageKey, store } of expired) await stores.of(store).remove(storageKey);
    swept += expired.length;
    if (expired.length < SWEEP_BATCH) break;
  }
  for (const store of stores.all) {
    for await (const keys of store.keysStoredBefore(options.unclaimedBefore)) {
      const named = await database
        .select({ storageKey: petPhotos.storageKey })
        .from(petPhotos)
        .where(and(inArray(petPhotos.storageKey, keys), eq(petPhotos.store, store.kind)));
      const claimed = new Set(named.map((row) => row.storageKey));
      for (const key of keys.filter((key) => !claimed.has(key))) {
        await store.remove(key);
        swept += 1;
      }
    }
  }
  return swept;
}

const MOVE_BATCH = 20;

/**
 * Moves the files of up to MOVE_BATCH photos (live or kept for a restore) into the store
 * `to`: each is copied, its row then names `to`, and only then is the old copy removed, so
 * a photo is served throughout and a move cut short is taken up again. Returns how many
 * moved; `npm run photos -- move` calls it until none is left.
 */
export async function movePhotoFiles(database: Database, stores: PhotoStores, to: PhotoStoreKind): Promise<number> {
  const target = stores.of(to);
  const rows = await database
    .select({ id: petPhotos.id, ...storedAt, contentType: petPhotos.contentType })
    .from(petPhotos)
    .where(sql`${petPhotos.store} <> ${to}`)
    .orderBy(asc(petPhotos.id))
    .limit(MOVE_BATCH);
  for (const row of rows) {
    const source = stores.of(row.store);
    const files = {} as PhotoFiles;
    for (const variant of PHOTO_VARIANTS) {
      const bytes = await source.get(row.storageKey, variant);
      if (!bytes) throw new Error(`photo ${row.id}: its ${variant} is missing from the ${row.store} store`);
      files[variant] = { bytes, contentType: variantType(variant, row.contentType as PhotoMediaType) };
    }
    await target.put(row.storageKey, files);
    await database
      .update(petPhotos)
      .set({ store: to })
      .where(and(eq(petPhotos.id, row.id), eq(petPhotos.store, row.store)));
    await source.remove(row.storageKey);
  }
  return rows.length;
}
