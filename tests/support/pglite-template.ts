// One migrated PGlite per test run. PGlite's initdb is most of a new database's
// start (4 s on a quiet machine, 13 to 50 s on a busy one), and the tests open
// dozens: the run creates and migrates one, writes its data directory to a file
// (PGlite's own tar), and every database a test opens starts from a copy of it,
// loaded into memory or unpacked into a folder. The suite's own PGlite server
// still starts from an empty folder, as a fresh install does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

/** Creates and migrates a PGlite and writes its data directory to a file; returns the file and its removal. */
export async function writeMigratedTemplate(): Promise<{ file: string; remove: () => void }> {
  // Imported here: tests/support/server.ts (the browser suite's too) needs only unpackTemplate.
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { pgliteExtensions } = await import('../../lib/db/pglite-extensions');
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  const dataDir = await client.dumpDataDir('none');
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-template-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dataDir.arrayBuffer()));
  return { file, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Unpacks the template into `dataDir` (a PGLITE_DIR a server or a test then opens). */
export function unpackTemplate(file: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const tar = spawnSync('tar', ['-xf', file, '-C', dataDir], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`unpacking ${file} into ${dataDir} failed: ${tar.stderr}`);
}

/** A PGlite that starts as a copy of the template: in memory, or unpacked into `dataDir`. */
export async function openTemplateCopy(file: string, dataDir?: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteExtensions } = await import('../../lib/db/pglite-extensions');
  const extensions = await pgliteExtensions();
  if (!dataDir) return PGlite.create({ extensions, loadDataDir: new Blob([fs.readFileSync(file)]) });
  unpackTemplate(file, dataDir);
  return PGlite.create(dataDir, { extensions });
}

/** The domain tests' global setup: the template, provided to each test file (memory-database.ts). */
export default async function setup(project: TestProject) {
  const template = await writeMigratedTemplate();
  project.provide('migratedDataDir', template.file);
  return template.remove;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDataDir: string;
  }
}
