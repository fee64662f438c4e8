// Direct access to a database, for tests that prepare data the API cannot
// make or call domain modules with a clock of their own: on PostgreSQL the
// suite's database; on PGlite a fresh one (the server holds the suite's PGlite
// folder), in memory or in `pgliteDir`, migrated (a copy of the run's template).
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { openTemplateCopy } from './pglite-template';

export async function openTestDatabase(options: { pgliteDir?: string } = {}): Promise<{ database: Database; close: () => Promise<void> }> {
  if (inject('database') === 'postgres') {
    const client = postgres(inject('databaseUrl'), { max: 2, onnotice: () => {} });
    return { database: drizzlePostgres(client, { schema }), close: () => client.end() };
  }
  // A copy of the run's migrated template (pglite-template.ts), in memory or unpacked into `pgliteDir`.
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = await openTemplateCopy(process.env.TEST_PGLITE_TEMPLATE!, options.pgliteDir);
  const database = drizzlePglite(client, { schema });
  return { database: database as unknown as Database, close: () => client.close() };
}
