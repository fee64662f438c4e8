// The database handle: the `postgres` driver when DATABASE_URL is set, else the
// embedded PGlite in PGLITE_DIR. One instance per process, kept on globalThis so
// that hot reload and Next's several module graphs share it.
import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { config } from '../config';
import * as schema from './schema';

// Both drivers expose the same query builder; the PGlite handle is typed as the
// postgres-js one so that domain code is written once.
export type Database = PostgresJsDatabase<typeof schema>;

type Handle = { database: Database; close: () => Promise<void>; kind: 'postgres' | 'pglite' };

const globalForDb = globalThis as typeof globalThis & { petstoreDb?: Promise<Handle> };

export function db(): Promise<Database> {
  globalForDb.petstoreDb ??= open();
  return globalForDb.petstoreDb.then((handle) => handle.database);
}

export async function databaseKind(): Promise<Handle['kind']> {
  globalForDb.petstoreDb ??= open();
  return (await globalForDb.petstoreDb).kind;
}

export async function closeDb(): Promise<void> {
  const handle = globalForDb.petstoreDb;
  globalForDb.petstoreDb = undefined;
  if (handle) await (await handle).close();
}

async function open(): Promise<Handle> {
  const url = config().DATABASE_URL;
  return url ? openPostgres(url) : openPglite(config().PGLITE_DIR);
}

export function postgresOptions(max: number): postgres.Options<Record<string, never>> {
  return {
    max,
    // Together these bound how long a request waits for an unreachable database
    // before its 503 (DESIGN.md): at most one connect attempt of 3 s, after at
    // most 0.5 s of back-off. The driver's default back-off grows to 10-20 s
    // after a few refused connections, and a query handed to a connection in
    // back-off waits it out: requests hung through an outage and long after it.
    connect_timeout: 3,
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
    idle_timeout: 60,
    onnotice: () => {},
    // Pipelining was seen losing throughput under sustained load
    // (porsager/postgres#747): one query per connection at a time holds steady.
    // (0 would disable it too, but breaks sql.begin in postgres 3.4.9.)
    ...({ max_pipeline: 1 } as object),
  };
}

function openPostgres(url: string): Handle {
  const client = postgres(url, postgresOptions(config().DATABASE_POOL_SIZE));
  return {
    kind: 'postgres',
    database: drizzlePostgres(client, { schema }),
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(directory: string): Promise<Handle> {
  const releaseLock = lockDataFolder(directory);
  // Imported lazily so a PostgreSQL deployment never loads the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(directory);
  return {
    kind: 'pglite',
    database: drizzlePglite(client, { schema }) as unknown as Database,
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

// PGlite has no cross-process lock: two processes on one folder corrupt it.
function lockDataFolder(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = path.join(path.dirname(path.resolve(directory)), `${path.basename(directory)}.lock`);
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner !== process.pid && isAlive(owner)) {
      throw new Error(`The embedded database ${directory} is in use by process ${owner}; stop it first.`);
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  const release = () => fs.rmSync(lockFile, { force: true });
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
