// A fresh, migrated PGlite in memory: the database the domain tests hand to
// lib/ modules directly (every domain function takes its database first), so
// they run in-process with no server and no PostgreSQL. Each is a copy of the
// run's migrated data directory (pglite-template.ts).
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { openTemplateCopy } from './pglite-template';

export async function openMemoryDatabase(): Promise<{ database: Database; client: PGlite; close: () => Promise<void> }> {
  const client = await openTemplateCopy(inject('migratedDataDir'));
  const database = drizzle(client, { schema });
  // The domain is typed by the postgres driver's handle; PGlite's drizzle handle has the same query builder.
  return { database: database as unknown as Database, client, close: () => client.close() };
}
