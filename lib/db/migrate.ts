// Applies the SQL migrations in drizzle/. On PostgreSQL this runs under an
// advisory lock on a connection of its own, so instances starting together
// apply each migration exactly once; and it runs beside a previous release
// still serving, so it takes its table locks first, each with a lock_timeout,
// and tries again rather than deadlock with the traffic (docs/RELIABILITY.md,
// "A migration under traffic"). The job queue's schema (pg-boss) is made and migrated after them.
import path from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type postgres from 'postgres';
import { failureReason } from '../failure-log';
import { directDatabaseUrl } from '../runtime/config';
import { log } from '../runtime/log';
import { db, jobQueueDatabase } from './client';
import { installJobQueue } from './job-queue';
import { jobQueueClient, sessionClient } from './postgres-pool';

const migrationsFolder = path.join(process.cwd(), 'drizzle');
// Any fixed 64-bit number; it names this service's migration lock.
const MIGRATION_LOCK_ID = 7_420_613_095;

// Below PostgreSQL's deadlock_timeout (1 s by default): in a lock cycle with a request's
// transaction, the migration gives up its locks first, and the request never sees a deadlock.
const LOCK_TIMEOUT = '500ms';
// How long start-up keeps trying before it gives up (and the instance does not start).
const MIGRATION_DEADLINE_MS = 120_000;
// lock_not_available (the lock_timeout), deadlock_detected, serialization_failure.
const RETRIED_CODES = new Set(['55P03', '40P01', '40001']);

export async function migrateDatabase(): Promise<void> {
  // The advisory lock is a session's: never through a transaction pooler.
  const url = directDatabaseUrl();
  if (url) {
    await migrateWithLock(url);
    // The job queue's schema, as the owner too (lib/db/job-queue.ts).
    const owner = jobQueueClient(url, 1, 'none');
    try {
      await installJobQueue(owner, 'postgres');
    } finally {
      await owner.end();
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  // The PGlite handle is typed as postgres-js's (see client.ts); the pglite migrator wants its own type.
  await migratePglite((await db()) as never, { migrationsFolder });
  await installJobQueue(await jobQueueDatabase(), 'pglite');
}

async function migrateWithLock(url: string): Promise<void> {
  const client = sessionClient(url);
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await applyPending(client, readMigrationFiles({ migrationsFolder }));
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * What drizzle's migrator does (the same journal table, so either may run
 * next), with the pending migrations in one transaction that first locks every
 * table they name, ACCESS EXCLUSIVE, in name order, each lock waiting at most
 * LOCK_TIMEOUT. A migration that waited for its locks while holding some could
 * close a cycle with requests that take the same tables in another order (a
 * keyed create takes pets, then api_keys for its record's foreign key). On a
 * timeout, a deadlock or a serialisation failure it rolls back, waits a little
 * and tries again, taking first the table it could not get: the traffic's own
 * order, which then lets it through.
 */
async function applyPending(client: postgres.Sql, migrations: MigrationMeta[]): Promise<void> {
  const pending = await pendingMigrations(client, migrations);
  if (pending.length === 0) return;
  const statements = pending.flatMap((migration) => migration.sql);
  let order = await tablesNamed(client, statements);
  const startedAt = performance.now();
  for (let attempt = 1; ; attempt++) {
    let locking: string | undefined;
    try {
      await client.begin(async (transaction) => {
        await transaction`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`;
        for (const table of order) {
          locking = table;
          await transaction.unsafe(`lock table ${quoteIdentifier(table)} in access exclusive mode`);
        }
        locking = undefined;
        for (const statement of statements) await transaction.unsafe(statement);
        for (const migration of pending) {
          await transaction`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`;
        }
      });
      if (attempt > 1) log.info({ attempts: attempt, ms: Math.round(performance.now() - startedAt) }, 'migrations applied');
      return;
    } catch (error) {
      const reason = failureReason(error);
      if (!RETRIED_CODES.has(reason) || performance.now() - startedAt > MIGRATION_DEADLINE_MS) throw error;
      if (locking) order = [locking, ...order.filter((table) => table !== locking)];
      log.warn({ attempt, reason, table: locking }, 'migration gave way to traffic; trying again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1_000) + Math.random() * 100));
    }
  }
}

/** The journal's migrations newer than the last applied (drizzle's rule: by the journal's `when`). */
async function pendingMigrations(client: postgres.Sql, migrations: MigrationMeta[]): Promise<MigrationMeta[]> {
  // Created only when missing: a read-only database (a replica) can still start an instance that has nothing to apply.
  const [table] = await client`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`;
  if (!table?.exists) {
    await client`create schema if not exists drizzle`;
    await client`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`;
  }
  const [last] = await client`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
  return migrations.filter((migration) => !last || Number(last.created_at) < migration.folderMillis);
}

/** The existing tables of the public schema that `statements` name, in name order. */
async function tablesNamed(client: postgres.Sql, statements: string[]): Promise<string[]> {
  const tables = await client<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`;
  const text = statements.join('\n');
  return tables.map((table) => table.name).filter((name) => new RegExp(`(^|[^\\w$])"?${escapeRegExp(name)}"?($|[^\\w$])`, 'i').test(text));
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
