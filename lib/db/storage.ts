// The embedded database's disk. PGlite keeps its files in PGLITE_DIR, and a
// full disk hurts it in two ways: a data file that cannot grow fails that one
// statement (SQLSTATE 53100, the server carries on), but a WAL segment (16 MB)
// that cannot be created leaves PGlite spinning on its next query, the whole
// process with it. So the app keeps a reserve on that filesystem: below
// RESERVE_BYTES free, writes are refused with a 503 before they reach the
// database, /readyz answers 503, reads go on, and all is well again once space
// is freed. A PostgreSQL server's disk is its own business: there a 53100 is
// answered 503 too (errors.ts), nothing more.
import fs from 'node:fs';
import { config } from '../runtime/config';

/** The error code of a write refused for want of space (and of a start-up that found none); answered 503. */
export const STORAGE_FULL = 'STORAGE_FULL';

/** Two WAL segments: room for the one PGlite may need next, and for the writes on their way to it. */
export const RESERVE_BYTES = 32 * 1024 * 1024;

// A statfs per write is cheap, but a burst needs only one.
const FRESH_FOR_MS = 500;
let lastLook: { at: number; freeBytes: number } | undefined;

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;

/** The bytes an unprivileged process may still write on the filesystem holding `directory`. */
export async function freeBytes(directory: string): Promise<number> {
  const stats = await fs.promises.statfs(directory);
  return stats.bavail * stats.bsize;
}

export function storageFullError(directory: string, free: number): Error {
  return Object.assign(
    new Error(
      `The embedded database's disk is full: ${megabytes(free)} free for ${directory}, and it needs ${megabytes(RESERVE_BYTES)} ` +
        'in reserve. Free some space.',
    ),
    { code: STORAGE_FULL },
  );
}

/** The embedded database's free space, at most FRESH_FOR_MS old; undefined on PostgreSQL. */
export async function embeddedStorage(): Promise<{ freeBytes: number; isFull: boolean } | undefined> {
  // The embedded database is the one in use when there is no DATABASE_URL (client.ts).
  if (config().DATABASE_URL) return undefined;
  const now = performance.now();
  if (!lastLook || now - lastLook.at > FRESH_FOR_MS) lastLook = { at: now, freeBytes: await freeBytes(config().PGLITE_DIR) };
  return { freeBytes: lastLook.freeBytes, isFull: lastLook.freeBytes < RESERVE_BYTES };
}

/** Throws STORAGE_FULL when the embedded database is short of space; nothing on PostgreSQL. */
export async function assertRoomToWrite(): Promise<void> {
  const storage = await embeddedStorage();
  if (storage?.isFull) throw storageFullError(config().PGLITE_DIR, storage.freeBytes);
}
