// A server whose database a test has prepared directly (API keys in states the
// API cannot create, orders while no operation places them), through the
// domain modules and the drizzle schema.
// On PostgreSQL the suite's database and server are used. A PGlite folder can
// be opened by one process only, so on PGlite a fresh folder is migrated and
// prepared first, and a dedicated server is started on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { startServer } from './server';

export type SeededServer<Seed> = {
  baseUrl: string;
  /** A key with every scope on that server. */
  bootstrapKey: string;
  seed: Seed;
  stop: () => Promise<void>;
};

export async function serverWithData<Seed>(prepare: (database: Database) => Promise<Seed>): Promise<SeededServer<Seed>> {
  if (inject('database') === 'postgres') {
    const client = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const seed = await prepare(drizzlePostgres(client, { schema }));
      return { baseUrl: inject('baseUrl'), bootstrapKey: inject('apiKey'), seed, stop: async () => {} };
    } finally {
      await client.end();
    }
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-seeded-'));
  const dataDir = path.join(folder, 'data');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dataDir);
  let seed: Seed;
  try {
    const database = drizzlePglite(client, { schema });
    await migrate(database, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
    seed = await prepare(database as unknown as Database);
  } finally {
    await client.close();
  }
  const server = await startServer({ database: 'pglite', env: { PGLITE_DIR: dataDir } });
  return {
    baseUrl: server.baseUrl,
    bootstrapKey: server.apiKey,
    seed,
    stop: async () => {
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
