// Vitest global setup of the domain tests: one PGlite created and migrated for the
// run, its data directory written to a file that each test file's database starts
// from (memory-database.ts). PGlite's initdb is most of a new database's start:
// six files each running it took 13 s apiece on a busy machine; a copy loads in a
// fraction of that.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions } from '@/lib/db/pglite-extensions';

export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  const dataDir = await client.dumpDataDir('none');
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-memory-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dataDir.arrayBuffer()));
  project.provide('migratedDataDir', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataDir: string;
  }
}
