// Where photo bytes live (docs/DEPLOY.md, "Photos"): by default in the database, in a
// table of their own (photo_blobs), so the embedded database and a fleet over one
// PostgreSQL need nothing more; with PHOTO_STORE_URL=s3://bucket[/prefix], in any
// S3-compatible store (endpoint, region and credentials from the standard AWS_*
// variables). Each photo's images are stored under one new key, `<key>/<variant>`,
// before its row is written (lib/domain/photos.ts); keys with no row are swept.
import { randomUUID } from 'node:crypto';
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
import type { PhotoImages } from './photo-images';

export type PhotoStore = {
  /** Stores a photo's images under a new key, and returns the key. */
  put: (images: PhotoImages) => Promise<string>;
  /** One image's bytes, or undefined when nothing is stored there. */
  get: (storageKey: string, variant: PhotoVariant) => Promise<Uint8Array | undefined>;
  /** Removes a photo's images (nothing, for a key with none). */
  remove: (storageKey: string) => Promise<void>;
  /** The keys stored before `before`, a page at a time (the sweep's candidates). */
  keysStoredBefore: (before: Date) => AsyncGenerator<string[]>;
};

const UNAVAILABLE = 'PHOTO_STORE_UNAVAILABLE';

/** The store could not be reached or refused to work: answered 503, as an unreachable database is. */
class PhotoStoreUnavailable extends Error {
  readonly code = UNAVAILABLE;
}

/** By its code: the error may come from another bundle's copy of this module. */
export const isPhotoStoreUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === UNAVAILABLE;

/** The store PHOTO_STORE_URL (or `url`) names: S3, or the database itself. */
export function photoStore(database: Executor, url = config().PHOTO_STORE_URL): PhotoStore {
  return url ? s3Store(s3Location(url)) : databaseStore(database);
}

const KEYS_PER_PAGE = 500;

function databaseStore(database: Executor): PhotoStore {
  return {
    // A write like any other: the acting key's rights are checked first (act_as, drizzle/0018).
    put: async (images) => {
      const storageKey = randomUUID();
      await recorded(database, (transaction) =>
        transaction.insert(photoBlobs).values(PHOTO_VARIANTS.map((variant) => ({ storageKey, variant, bytes: images[variant].bytes }))),
      );
      return storageKey;
    },
    get: async (storageKey, variant) => {
      const [row] = await database
        .select({ bytes: photoBlobs.bytes })
        .from(photoBlobs)
        .where(and(eq(photoBlobs.storageKey, storageKey), eq(photoBlobs.variant, variant)));
      return row?.bytes;
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
    throw new PhotoStoreUnavailable(`the photo store did not answer: ${(error as Error).name}`, { cause: error });
  }
}

function s3Store({ bucket, prefix }: S3Location): PhotoStore {
  const client = s3Client();
  const objectKey = (storageKey: string, variant: PhotoVariant) => `${prefix}${storageKey}/${variant}`;
  const remove = (storageKey: string) =>
    s3Call(() =>
      Promise.all(PHOTO_VARIANTS.map((variant) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant) })))),
    ).then(() => undefined);
  return {
    put: async (images) => {
      const storageKey = randomUUID();
      const puts = PHOTO_VARIANTS.map((variant) =>
        client.send(
          new PutObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant), Body: images[variant].bytes, ContentType: images[variant].contentType }),
        ),
      );
      const results = await Promise.allSettled(puts);
      if (results.some((result) => result.status === 'rejected')) {
        // What was stored goes now; what this fails to remove, the sweep removes.
        await remove(storageKey).catch(() => {});
        return s3Call(() => Promise.reject((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason));
      }
      return storageKey;
    },
    get: async (storageKey, variant) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(storageKey, variant) }));
        return await object.Body!.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw new PhotoStoreUnavailable(`the photo store did not answer: ${(error as Error).name}`, { cause: error });
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
