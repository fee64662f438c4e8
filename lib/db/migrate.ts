// Applies the SQL migrations in drizzle/. On PostgreSQL this runs under an
// advisory lock on a connection of its own, so instances starting together
// apply each migration exactly once.
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { directDatabaseUrl } from '../runtime/config';
import { db, postgresOptions } from './client';

const migrationsFolder = path.join(process.cwd(), 'drizzle');
// Any fixed 64-bit number; it names this service's migration lock.
const MIGRATION_LOCK_ID = 7_420_613_095;

export async function migrateDatabase(): Promise<void> {
  // The advisory lock is a session's: never through a transaction pooler.
  const url = directDatabaseUrl();
  if (url) return migrateWithLock(url);
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  // The PGlite handle is typed as postgres-js's (see client.ts); the pglite migrator wants its own type.
  await migratePglite((await db()) as never, { migrationsFolder });
}

async function migrateWithLock(url: string): Promise<void> {
  const client = postgres(url, postgresOptions(1));
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
