// lib/domain/import-file.ts, import-rows.ts and imports.ts in-process on an in-memory
// PGlite: the file's checks before any job (UTF-8, BOM, delimiter, `name`, row limit),
// each row's reading and reasons, and a run of an import, batch by batch, resumed after
// its last committed batch without repeating a row.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS } from '@/lib/contract/limits.mjs';
import type { Database } from '@/lib/db/client';
import { activity, categories, imports, pets } from '@/lib/db/schema';
import { checkImportFile, columnIndexes } from '@/lib/domain/import-file';
import { readRow } from '@/lib/domain/import-rows';
import { createApiKey } from '@/lib/domain/api-keys';
import { BATCH_ROWS, createImport, getImport, importErrorsCsv, runImport } from '@/lib/domain/imports';
import { createUser, updateUser } from '@/lib/domain/users';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
});
afterAll(() => close());

const bytesOf = (text: string) => new TextEncoder().encode(text);
const maker = { keyId: null, userId: null, label: 'domain test', requestId: 'domain-test' };

async function imported(text: string, options: { dryRun?: boolean; createCategories?: boolean } = {}) {
  const bytes = bytesOf(text);
  const check = await checkImportFile(bytes);
  if (!check.ok) throw new Error(check.message);
  const created = await database.transaction((transaction) =>
    createImport(
      transaction,
      { file: check.value, bytes, dryRun: options.dryRun ?? false, createCategories: options.createCategories ?? false, maker },
      async () => {},
    ),
  );
  expect(await runImport(database, created.id, () => false)).toBe('finished');
  return (await getImport(database, created.id))!;
}

describe('checkImportFile', () => {
  it('finds the delimiter on the header line, skips a BOM and lists the columns it ignores', async () => {
    const check = await checkImportFile(bytesOf('\ufeffName;Colour;tags\nRex;brown;a\n'));
    expect(check).toEqual({ ok: true, value: { columns: ['Name', 'Colour', 'tags'], delimiter: ';', rows: 1, ignoredColumns: ['Colour'] } });
  });

  it('refuses a file with no name column, naming the columns it found', async () => {
    const check = await checkImportFile(bytesOf('id,title\n1,Rex\n'));
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toContain('no `name` column: its header line holds "id", "title"');
  });

  it('refuses a file that is not UTF-8', async () => {
    const check = await checkImportFile(new Uint8Array([...bytesOf('name\nR'), 0xe9, 0x78, 0x0a]));
    expect(!check.ok && check.problem).toBe('invalid_request');
    expect(!check.ok && check.message).toContain('not UTF-8');
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const check = await checkImportFile(bytesOf(`name\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`));
    expect(!check.ok && check.problem).toBe('payload_too_large');
  });
});

describe('readRow', () => {
  const header = ['id', 'name', 'category', 'categoryId', 'status', 'tags'];
  const read = (cells: string[]) => readRow(cells, 2, columnIndexes(header), header.length);
  const reasonOf = (cells: string[]) => {
    const reading = read(cells);
    return reading.ok ? undefined : reading.reason;
  };

  it('reads the export’s columns', () => {
    expect(read(['7', ' Rex ', 'Dogs', '3', 'sold', 'b; A ;'])).toEqual({
      ok: true,
      value: { row: 2, id: 7, name: 'Rex', categoryName: 'Dogs', categoryId: 3, status: 'sold', tags: ['b', 'A'] },
    });
    expect(read(['', 'Rex', '', '3', '', ''])).toEqual({ ok: true, value: { row: 2, name: 'Rex', categoryId: 3, status: null, tags: [] } });
    // As the export escapes a formula: read back without its quote.
    expect(read(['', "'=Rex", '', '3', '', "'-x"])).toMatchObject({ ok: true, value: { name: '=Rex', tags: ['-x'] } });
  });

  it('says why a row cannot be', () => {
    expect(reasonOf(['', '', '', '3', '', ''])).toBe('name must not be empty');
    expect(reasonOf(['', 'x'.repeat(200), '', '3', '', ''])).toContain('name must be at most 100 characters');
    expect(reasonOf(['', 'Rex', '', '3', 'lost', ''])).toContain('status must be one of available, pending, sold');
    expect(reasonOf(['', 'Rex', '', '3', '', 'y'.repeat(40)])).toContain('must be at most 32 characters');
    expect(reasonOf(['x1', 'Rex', '', '3', '', ''])).toContain('id must be');
    expect(reasonOf(['', 'Rex', '', '', '', ''])).toContain('a new pet needs a category');
    expect(reasonOf(['', 'Rex', '', '3', '', '', 'extra'])).toContain('the row has 7 cells');
  });
});

describe('runImport', () => {
  it('adds, changes and leaves alone, and says why each failed row failed', async () => {
    await database.insert(categories).values({ name: 'Import Dogs' });
    const [existing] = await database.insert(pets).values({ name: 'Old', categoryId: 9, status: 'available' }).returning();
    const csv = [
      'name,category,categoryId,status,tags,id',
      'Rex,import dogs,,available,good; Good,',
      `Renamed,,9,available,,${existing!.id}`,
      'Lost,No Such Category,,,,',
      `Ghost,,9,,,${Number.MAX_SAFE_INTEGER}`,
    ].join('\n');
    const done = await imported(csv);
    expect(done).toMatchObject({ state: 'done', rows: 4, processed: 4, created: 1, updated: 1, unchanged: 0, failed: 2 });
    const errors = await importErrorsCsv(database, done.id);
    expect(errors!.split('\n')[0]).toBe('row,name,category,categoryId,status,tags,id,reason');
    expect(errors).toContain('4,Lost,No Such Category,,,,,"No category is named ""No Such Category""');
    expect(errors).toContain(`No pet has id ${Number.MAX_SAFE_INTEGER}.`);
    const [rex] = await database.select().from(pets).where(eq(pets.name, 'Rex'));
    expect(rex!.tags).toEqual(['good']);

    // The same file again: the new row adds another pet, the changed one is now unchanged.
    const again = await imported(csv);
    expect(again).toMatchObject({ created: 1, updated: 0, unchanged: 1, failed: 2 });
  });

  it('a dry run counts what it would do and writes nothing', async () => {
    const before = await database.select({ count: sql<number>`count(*)::int` }).from(pets);
    const entriesBefore = await database.select({ count: sql<number>`count(*)::int` }).from(activity);
    const done = await imported('name,category\nA,Brand New\nB,Brand New\n', { dryRun: true, createCategories: true });
    expect(done).toMatchObject({ state: 'done', dryRun: true, created: 2, failed: 0 });
    expect(await database.select({ count: sql<number>`count(*)::int` }).from(pets)).toEqual(before);
    expect(await database.select({ count: sql<number>`count(*)::int` }).from(activity)).toEqual(entriesBefore);
    expect(await database.select().from(categories).where(eq(categories.name, 'Brand New'))).toEqual([]);
  });

  it('resumes after the last committed batch: no row twice, none lost', async () => {
    const rows = BATCH_ROWS * 2 + 10;
    const csv = `name,categoryId\n${Array.from({ length: rows }, (_, index) => `Resumed ${index},5`).join('\n')}`;
    const bytes = bytesOf(csv);
    const check = await checkImportFile(bytes);
    if (!check.ok) throw new Error(check.message);
    const created = await database.transaction((transaction) =>
      createImport(transaction, { file: check.value, bytes, dryRun: false, createCategories: false, maker }, async () => {}),
    );
    // The first run stops after one batch (as an instance would that is stopping).
    let batches = 0;
    expect(await runImport(database, created.id, () => batches++ >= 1)).toBe('left');
    expect(await getImport(database, created.id)).toMatchObject({ state: 'running', processed: BATCH_ROWS });
    expect(await runImport(database, created.id, () => false)).toBe('finished');
    expect(await getImport(database, created.id)).toMatchObject({ state: 'done', processed: rows, created: rows });
    const names = await database
      .select({ name: pets.name })
      .from(pets)
      .where(sql`${pets.name} like 'Resumed %'`);
    expect(names.length).toBe(rows);
    expect(new Set(names.map((pet) => pet.name)).size).toBe(rows);
    const [finished] = await database.select().from(imports).where(eq(imports.id, created.id));
    expect(finished!.finishedAt).not.toBeNull();
  });

  it('acts as its maker at each batch: a maker demoted mid-way fails it, the batches before kept', async () => {
    const user = (await createUser(database, { email: 'importer@imports.test', password: 'long enough', role: 'editor' }))!;
    const { apiKey } = await createApiKey(database, { name: 'importer key', scopes: ['read', 'write'], userId: user.id, madeBy: 'user' });
    const rows = BATCH_ROWS + 10;
    const bytes = bytesOf(`name,categoryId\n${Array.from({ length: rows }, (_, index) => `Demoted ${index},6`).join('\n')}`);
    const check = await checkImportFile(bytes);
    if (!check.ok) throw new Error(check.message);
    const keyMaker = { keyId: apiKey.id, userId: user.id, label: user.email, requestId: 'demoted' };
    const created = await database.transaction((transaction) =>
      createImport(transaction, { file: check.value, bytes, dryRun: false, createCategories: false, maker: keyMaker }, async () => {}),
    );
    let batches = 0;
    expect(await runImport(database, created.id, () => batches++ >= 1)).toBe('left');
    expect((await updateUser(database, user.id, { role: 'viewer', by: undefined, at: new Date() })).ok).toBe(true);
    expect(await runImport(database, created.id, () => false)).toBe('finished');
    const failed = await getImport(database, created.id);
    expect(failed).toMatchObject({ state: 'failed', processed: BATCH_ROWS, created: BATCH_ROWS });
    expect(failed!.reason).toMatch(/^Stopped after 500 rows: .*(write|revoked)/);
    const entries = await database
      .select({ batchId: activity.batchId })
      .from(activity)
      .where(sql`${activity.resource} = 'pet' and ${activity.requestId} = 'demoted'`);
    expect(entries.length).toBe(BATCH_ROWS);
    expect(new Set(entries.map((entry) => entry.batchId))).toEqual(new Set([failed!.batchId]));
  });
});
