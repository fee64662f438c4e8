// A server whose database a test has prepared directly (API keys in states the
// API cannot create, orders while no operation places them), through the
// domain modules and the drizzle schema.
// On PostgreSQL the suite's database and server are used. A PGlite folder can
// be opened by one process only, so on PGlite a fresh folder is migrated and
// prepared first, and a dedicated server is started on it. (Tests that need only
// users and their keys make them through the API instead: suite-users.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '@/lib/db/client';
import { openTestDatabase } from './database';
import { startServer } from './server';

export type SeededServer<Seed> = {
  baseUrl: string;
  /** A key with every scope on that server. */
  bootstrapKey: string;
  seed: Seed;
  stop: () => Promise<void>;
};

export async function serverWithData<Seed>(prepare: (database: Database) => Promise<Seed>): Promise<SeededServer<Seed>> {
  const isPostgres = inject('database') === 'postgres';
  const folder = isPostgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-seeded-'));
  const dataDir = folder && path.join(folder, 'data');
  const { database, close } = await openTestDatabase({ pgliteDir: dataDir });
  let seed: Seed;
  try {
    seed = await prepare(database);
  } finally {
    await close();
  }
  if (isPostgres) return { baseUrl: inject('baseUrl'), bootstrapKey: inject('apiKey'), seed, stop: async () => {} };
  const server = await startServer({ database: 'pglite', env: { PGLITE_DIR: dataDir! } });
  return {
    baseUrl: server.baseUrl,
    bootstrapKey: server.apiKey,
    seed,
    stop: async () => {
      await server.stop();
      fs.rmSync(folder!, { recursive: true, force: true });
    },
  };
}
