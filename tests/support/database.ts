// Direct access to a database, for tests that prepare data the API cannot
// make or call domain modules with a clock of their own: on PostgreSQL the
// suite's database; on PGlite a fresh one (the server holds the suite's PGlite
// folder), in memory or in `pgliteDir`.
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '@/lib/db/client';
import { pgliteExtensions } from '@/lib/db/pglite-extensions';
import * as schema from '@/lib/db/schema';

export async function openTestDatabase(options: { pgliteDir?: string } = {}): Promise<{ database: Database; close: () => Promise<void> }> {
  if (inject('database') === 'postgres') {
    const client = postgres(inject('databaseUrl'), { max: 2, onnotice: () => {} });
    return { database: drizzlePostgres(client, { schema }), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(options.pgliteDir, { extensions: await pgliteExtensions() });
  const database = drizzlePglite(client, { schema });
  await migrate(database, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  return { database: database as unknown as Database, close: () => client.close() };
}
