// API keys in states the bootstrap key cannot show (read-only, expired,
// revoked), made with lib/api-keys straight in the test database.
// On PostgreSQL they go into the suite's database and the suite's server is used.
// A PGlite folder can be opened by one process only, so on PGlite the keys are
// written into a fresh folder first and a dedicated server is started on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createApiKey, revokeApiKey, type Scope } from '@/lib/api-keys';
import type { Database } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { startServer } from './server';

export type KeySpec = { scopes: Scope[]; expiresAt?: Date; revoked?: boolean };

export type KeyedServer<Names extends string> = {
  baseUrl: string;
  /** A key with every scope on that server. */
  bootstrapKey: string;
  keys: Record<Names, string>;
  stop: () => Promise<void>;
};

async function createKeys<Names extends string>(database: Database, specs: Record<Names, KeySpec>): Promise<Record<Names, string>> {
  const keys = {} as Record<Names, string>;
  for (const [name, spec] of Object.entries(specs) as [Names, KeySpec][]) {
    const { apiKey, secret } = await createApiKey(database, { name: `test ${name}`, scopes: spec.scopes, expiresAt: spec.expiresAt });
    if (spec.revoked) await revokeApiKey(database, apiKey.id, new Date());
    keys[name] = secret;
  }
  return keys;
}

export async function serverWithKeys<Names extends string>(specs: Record<Names, KeySpec>): Promise<KeyedServer<Names>> {
  if (inject('database') === 'postgres') {
    const client = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      const keys = await createKeys(drizzlePostgres(client, { schema }), specs);
      return { baseUrl: inject('baseUrl'), bootstrapKey: inject('apiKey'), keys, stop: async () => {} };
    } finally {
      await client.end();
    }
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-keys-'));
  const dataDir = path.join(folder, 'data');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dataDir);
  let keys: Record<Names, string>;
  try {
    const database = drizzlePglite(client, { schema });
    await migrate(database, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
    keys = await createKeys(database as unknown as Database, specs);
  } finally {
    await client.close();
  }
  const server = await startServer({ database: 'pglite', env: { PGLITE_DIR: dataDir } });
  return {
    baseUrl: server.baseUrl,
    bootstrapKey: server.apiKey,
    keys,
    stop: async () => {
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
