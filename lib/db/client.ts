// The database handle: the `postgres` driver when DATABASE_URL is set, else the
// embedded PGlite in PGLITE_DIR. One instance per process (lib/process-state.ts),
// shared by Next's module graphs and the /v1 bundle.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres, type PostgresJsDatabase, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import { config, directDatabaseUrl } from '../runtime/config';
import { processState } from '../process-state';
import { withinBudget } from '../within-budget';
import { setNotificationClient } from './notify';
import { freeBytes, RESERVE_BYTES, storageFullError } from './storage';
import { pgliteExtensions } from './pglite-extensions';
import { reportPoolUse } from './pool-use';
import { jobQueueClient, openPostgresPool, sessionClient, type JobQueueClient } from './postgres-pool';
import * as schema from './schema';

// Both drivers expose the same query builder; the PGlite handle is typed as the
// postgres-js one so that domain code is written once.
export type Database = PostgresJsDatabase<typeof schema>;

/** What a domain function runs its queries on: the database, or a transaction its caller opened. */
export type Executor = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;

export type ChannelHandlers = {
  onMessage: (payload: string) => void;
  /** true once listening; false whenever a notification may have been missed (connection lost). */
  onState: (isListening: boolean) => void;
};

/** What the job queue (pg-boss) runs its statements on: connections of its own on PostgreSQL, the one PGlite. */
export type JobQueueDatabase = Pick<JobQueueClient, 'executeSql'>;

type Handle = {
  database: Database;
  close: () => Promise<void>;
  kind: 'postgres' | 'pglite';
  listen: (channel: string, handlers: ChannelHandlers) => Promise<void>;
  jobQueue: () => JobQueueDatabase;
};

const shared = processState('db', (): { handle?: Promise<Handle> } => ({}));

export function db(): Promise<Database> {
  shared.handle ??= open();
  return shared.handle.then((handle) => handle.database);
}

export async function databaseKind(): Promise<Handle['kind']> {
  shared.handle ??= open();
  return (await shared.handle).kind;
}

/** LISTENs on `channel` (PostgreSQL: on the process's one listening connection, re-established when lost). */
export async function listenToChannel(channel: string, handlers: ChannelHandlers): Promise<void> {
  shared.handle ??= open();
  await (await shared.handle).listen(channel, handlers);
}

export async function jobQueueDatabase(): Promise<JobQueueDatabase> {
  shared.handle ??= open();
  return (await shared.handle).jobQueue();
}

export async function closeDb(): Promise<void> {
  const handle = shared.handle;
  shared.handle = undefined;
  if (handle) await (await handle).close();
}

async function open(): Promise<Handle> {
  const url = config().DATABASE_URL;
  return url ? openPostgres(url) : openPglite(config().PGLITE_DIR);
}

function openPostgres(url: string): Handle {
  // LISTEN and pg_cancel_backend need a session: past the pooler when there is one.
  const directUrl = directDatabaseUrl()!;
  // Every query and transaction has a connection of its own and a deadline (postgres-pool.ts).
  const pool = openPostgresPool(url, config().DATABASE_POOL_SIZE, directUrl);
  reportPoolUse(pool.use);
  const direct = directUrl === url ? undefined : sessionClient(directUrl);
  // drizzle's postgres-js driver calls only what PoolClient has.
  const database = drizzlePostgres(pool.client as unknown as postgres.Sql, { schema });
  if (direct) setNotificationClient(database, direct);
  let listener: SharedListener | undefined;
  let jobs: JobQueueClient | undefined;
  return {
    kind: 'postgres',
    database,
    close: async () => {
      await listener?.stop();
      await Promise.all([pool.end(), direct?.end({ timeout: 5 }), jobs?.end()]);
    },
    jobQueue: () => (jobs ??= jobQueueClient(url, JOB_QUEUE_CONNECTIONS)),
    listen: async (channel, handlers) => {
      (listener ??= listenOnOwnConnection(directUrl)).add(channel, handlers);
    },
  };
}

// The job queue polls on one and keeps up its jobs (heartbeats, expiry) on the other.
const JOB_QUEUE_CONNECTIONS = 2;

type SharedListener = { add: (channel: string, handlers: ChannelHandlers) => void; stop: () => Promise<void> };

const LISTEN_RETRY_MS = 1_000;
// A connection that died without a word (no FIN/RST) is noticed by this ping.
const LISTEN_HEARTBEAT_MS = 2_000;
const LISTEN_HEARTBEAT_TIMEOUT_MS = 2_000;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One connection per process that only LISTENs, on every channel anyone asked
 * for (the key cache's, the change feed's). Its loss is reported at once to
 * every channel's handlers (onState(false)); it is then replaced by a new one,
 * and onState(true) comes only once that one listens on all channels again.
 */
function listenOnOwnConnection(url: string): SharedListener {
  const channels = new Map<string, ChannelHandlers[]>();
  let current: postgres.Sql | undefined;
  let isListening = false;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;

  const everyHandler = () => [...channels.values()].flat();

  const lose = (connection: postgres.Sql) => {
    if (current !== connection) return;
    current = undefined;
    isListening = false;
    for (const handlers of everyHandler()) handlers.onState(false);
    connection.end({ timeout: 0 }).catch(() => {});
    if (!isStopped) retry = setTimeout(connect, LISTEN_RETRY_MS).unref();
  };

  const connect = async () => {
    if (isStopped) return;
    const connection: postgres.Sql = sessionClient(url, {
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connection: { application_name: 'petstore listen' },
      onnotify: (name: string, payload: string) => {
        if (current !== connection) return;
        for (const handlers of channels.get(name) ?? []) handlers.onMessage(payload);
      },
      onclose: () => lose(connection),
    } as postgres.Options<Record<string, never>>);
    current = connection;
    try {
      // A live iterator: a channel added while these LISTENs run is listened to as well.
      for (const channel of channels.keys()) await connection.unsafe(`listen ${quoteIdentifier(channel)}`);
      if (current !== connection) return;
      isListening = true;
      for (const handlers of everyHandler()) handlers.onState(true);
    } catch {
      lose(connection);
    }
  };

  const heartbeat = setInterval(async () => {
    const connection = current;
    if (!connection) return;
    try {
      await withinBudget(connection`select 1`, LISTEN_HEARTBEAT_TIMEOUT_MS, () => new Error('heartbeat timeout'));
    } catch {
      lose(connection);
    }
  }, LISTEN_HEARTBEAT_MS);
  heartbeat.unref();

  const add = (channel: string, handlers: ChannelHandlers) => {
    const isNewChannel = !channels.has(channel);
    channels.set(channel, [...(channels.get(channel) ?? []), handlers]);
    if (!current) {
      if (!retry && !isStopped) void connect();
      return;
    }
    if (!isListening) return; // the connect under way listens on it and reports
    const connection = current;
    if (!isNewChannel) return handlers.onState(true);
    connection.unsafe(`listen ${quoteIdentifier(channel)}`).then(
      () => current === connection && handlers.onState(true),
      () => lose(connection),
    );
  };

  return {
    add,
    stop: async () => {
      isStopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const connection = current;
      current = undefined;
      await connection?.end({ timeout: 1 });
    },
  };
}

async function openPglite(directory: string): Promise<Handle> {
  const releaseLock = lockDataFolder(directory);
  // Imported lazily so a PostgreSQL deployment never loads the WASM build.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { fromPglite } = await import('pg-boss');
  const client = await createPglite(PGlite, directory);
  return {
    kind: 'pglite',
    // pg-boss's own adapter: parameters through query(), its multi-statement texts through exec().
    jobQueue: () => fromPglite(client),
    database: drizzlePglite(client, { schema }) as unknown as Database,
    close: async () => {
      await client.close();
      releaseLock();
    },
    // One process owns the database, so notifications never cross a connection that could drop.
    listen: async (channel, handlers) => {
      await client.listen(channel, handlers.onMessage);
      handlers.onState(true);
    },
  };
}

/**
 * PGlite.create, with a full disk said in words: PGlite reports one as its file
 * system's "ErrnoError: errno 51" (or not at all, when initdb dies midway).
 */
async function createPglite(PGlite: typeof import('@electric-sql/pglite').PGlite, directory: string) {
  try {
    return await PGlite.create(directory, { extensions: await pgliteExtensions() });
  } catch (error) {
    const free = await freeBytes(directory).catch(() => Number.POSITIVE_INFINITY);
    const errno = (error as { errno?: unknown } | null)?.errno;
    if (free < RESERVE_BYTES || errno === 51 || /errno 51|ENOSPC|No space left/.test(String(error))) throw storageFullError(directory, free);
    throw error;
  }
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
