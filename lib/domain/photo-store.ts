// Where photo bytes live (docs/DEPLOY.md, "Photos"): by default in the database, in a
// table of their own (photo_blobs), so the embedded database and a fleet over one
// PostgreSQL need nothing more; with PHOTO_STORE_URL=s3://bucket[/prefix], in any
// S3-compatible store (endpoint, region and credentials from the standard AWS_*
// variables). New photos go where PHOTO_STORE_URL says; each photo's row names the store
// that holds its files (`store`), so switching stores loses nothing, and `npm run photos
// -- move` brings the older ones over. A photo's files are kept under its storage key,
// `<key>/<variant>`, stored before its row is written (lib/domain/photos.ts); keys no
// row names are swept.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { photoBlobs } from '../db/schema';
import { PHOTO_VARIANTS, type PhotoVariant } from '../contract/photos';
import { config } from '../runtime/config';
import { processState } from '../process-state';
import { recorded } from './activity';

export const PHOTO_STORES = ['database', 's3'] as const;
export type PhotoStoreKind = (typeof PHOTO_STORES)[number];

/** A photo's files: each size's bytes and type. */
export type PhotoFiles = Record<PhotoVariant, { bytes: Uint8Array; contentType: string }>;

type PhotoStore = {
  kind: PhotoStoreKind;
  /** Stores a photo's files under its storage key (over any there). */
  put: (storageKey: string, files: PhotoFiles) => Promise<void>;
  /** One file's bytes, or undefined when nothing is stored there. */
  get: (storageKey: string, variant: PhotoVariant) => Promise<Uint8Array | undefined>;
  /** Removes a photo's files (nothing, for a key with none). */
  remove: (storageKey: string) => Promise<void>;
  /** The keys stored before `before`, a page at a time (the sweep's candidates). */
  keysStoredBefore: (before: Date) => AsyncGenerator<string[]>;
};

export type PhotoStores = {
  /** Where new photos go: PHOTO_STORE_URL's store. */
  forNew: PhotoStore;
  /** The store a photo's row names. */
  of: (kind: PhotoStoreKind) => PhotoStore;
  /** The stores that may hold files: the database always, S3 when configured. */
  all: PhotoStore[];
};

const UNAVAILABLE = 'PHOTO_STORE_UNAVAILABLE';

/** The store could not be reached or refused to work: answered 503, as an unreachable database is. */
class PhotoStoreUnavailable extends Error {
  readonly code = UNAVAILABLE;
}

/** By its code: the error may come from another bundle's copy of this module. */
export const isPhotoStoreUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === UNAVAILABLE;

/** The stores, S3 at PHOTO_STORE_URL (or `url`; null: none) when there is one. */
export function photoStores(database: Executor, url: string | null = config().PHOTO_STORE_URL ?? null): PhotoStores {
  const inDatabase = databaseStore(database);
  const inS3 = url ? s3Store(s3Location(url)) : undefined;
  return {
    forNew: inS3 ?? inDatabase,
    of: (kind) => (kind === 'database' ? inDatabase : (inS3 ?? unconfiguredS3)),
    all: inS3 ? [inDatabase, inS3] : [inDatabase],
  };
}

const KEYS_PER_PAGE = 500;

// The driver sends and reads bytea as hex text, turned to and from bytes on the event loop
// at once: one 5 MB file held it ~50 ms on a quiet machine (400 ms under load), which every
// other request waited out. In parts of 256 KiB it yields between them.
const PART_BYTES = 256 * 1024;

const partsOf = (bytes: Uint8Array): Uint8Array[] =>
  Array.from({ length: Math.max(1, Math.ceil(bytes.byteLength / PART_BYTES)) }, (_, part) => bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES));

/** A file's bytes from its parts, in order of `part`. */
export const joinedParts = (parts: Uint8Array[]): Uint8Array => (parts.length === 1 ? parts[0]! : Buffer.concat(parts));

function databaseStore(database: Executor): PhotoStore {
  return {
    kind: 'database',
    // Writes like any other: the acting key's rights are checked first (act_as, drizzle/0018).
    put: async (storageKey, files) => {
      await recorded(database, async (transaction) => {
        await transaction.delete(photoBlobs).where(eq(photoBlobs.storageKey, storageKey));
        for (const variant of PHOTO_VARIANTS) {
          // One statement a part: each is made into text on its own.
          for (const [part, bytes] of partsOf(files[variant].bytes).entries())
            await transaction.insert(photoBlobs).values({ storageKey, variant, part, bytes });
        }
      });
    },
    get: async (storageKey, variant) => {
      const rows = await database
        .select({ bytes: photoBlobs.bytes })
        .from(photoBlobs)
        .where(and(eq(photoBlobs.storageKey, storageKey), eq(photoBlobs.variant, variant)))
        .orderBy(asc(photoBlobs.part));
      return rows.length === 0 ? undefined : joinedParts(rows.map((row) => row.bytes));
    },
    remove: async (storageKey) => {
      await recorded(database, (transaction) => transaction.delete(photoBlobs).where(eq(photoBlobs.storageKey, storageKey)));
    },
    keysStoredBefore: async function* (before) {
      let after = '';
      for (;;) {
        const rows = await database
          .selectDistinct({ storageKey: photoBlobs.storageKey })
          .from(photoBlobs)
          .where(and(lt(photoBlobs.createdAt, before), gt(photoBlobs.storageKey, after)))
          .orderBy(asc(photoBlobs.storageKey))
          .limit(KEYS_PER_PAGE);
        if (rows.length === 0) return;
        yield rows.map((row) => row.storageKey);
        after = rows[rows.length - 1]!.storageKey;
      }
    },
  };
}

const unavailable = (message: string, cause?: unknown) => new PhotoStoreUnavailable(message, { cause });

/** A photo whose row says S3, on an instance without PHOTO_STORE_URL: its files cannot be reached from here. */
const unconfiguredS3: PhotoStore = {
  kind: 's3',
  put: () => Promise.reject(unavailable('PHOTO_STORE_URL is not set')),
  get: () => Promise.reject(unavailable('this photo is in S3, and PHOTO_STORE_URL is not set')),
  remove: () => Promise.reject(unavailable('PHOTO_STORE_URL is not set')),
  keysStoredBefore: async function* () {},
};

type S3Location = { bucket: string; prefix: string };

function s3Location(url: string): S3Location {
  const { hostname, pathname } = new URL(url);
  const prefix = pathname.replace(/^\/+|\/+$/g, '');
  return { bucket: hostname, prefix: prefix ? `${prefix}/` : '' };
}

// One client per process (lib/process-state.ts). A store at an endpoint of its own
// (AWS_ENDPOINT_URL: MinIO, R2, s3rver) is addressed by path, which all of them take.
const s3Client = () =>
  processState(
    'photoStoreS3',
    () =>
      new S3Client({
        forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL),
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
      }),
  );

/** An S3 call, its failures as PhotoStoreUnavailable. */
async function s3Call<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(`the photo store did not answer: ${(error as Error).name}`, error);
  }
}

function s3Store({ bucket, prefix }: S3Location): PhotoStore {
  const client = s3Client();
  const objectKey = (storageKey: string, variant: PhotoVariant) => `${prefix}${storageKey}/${variant}`;
  const remove = async (storageKey: string) => {
    await s3Call(() =>
      Promise.all(PHOTO_VARIANTS.map((variant) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant) })))),
    );
  };
  return {
    kind: 's3',
    put: async (storageKey, files) => {
      const puts = PHOTO_VARIANTS.map((variant) =>
        client.send(
          new PutObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant), Body: files[variant].bytes, ContentType: files[variant].contentType }),
        ),
      );
      const failed = (await Promise.allSettled(puts)).find((result) => result.status === 'rejected');
      if (!failed) return;
      // What was stored goes now; what this fails to remove, the sweep removes.
      await remove(storageKey).catch(() => {});
      throw unavailable(`the photo store did not answer: ${(failed.reason as Error).name}`, failed.reason);
    },
    get: async (storageKey, variant) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant) }));
        return await object.Body!.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw unavailable(`the photo store did not answer: ${(error as Error).name}`, error);
      }
    },
    remove,
    keysStoredBefore: async function* (before) {
      let token: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await s3Call(() =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: KEYS_PER_PAGE })),
        );
        const keys = new Set<string>();
        for (const object of page.Contents ?? []) {
          const storageKey = object.Key?.slice(prefix.length).split('/')[0];
          if (storageKey && object.LastModified && object.LastModified < before) keys.add(storageKey);
        }
        if (keys.size > 0) yield [...keys];
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
