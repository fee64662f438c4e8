// POST /v1/pets/imports and its Import (experimental), over HTTP on every database: a
// 1,000-row file with 10 bad rows, checked by a dry run that changes nothing, then
// imported (990 rows, the 10 in the errors CSV with their row numbers); Idempotency-Key;
// semicolons and a BOM; export then import (all unchanged, no activity entry); and the
// files refused before any job exists.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_ROWS } from '@/lib/contract/limits.mjs';
import type { Import } from '@/lib/contract/imports';
import { addPet, api, errorOf, uniqueCategoryId, type ApiOptions } from '../support/api';

const FINISHED = ['done', 'failed', 'cancelled'];
const suffix = () => randomBytes(4).toString('hex');

const postImport = (csv: string | Uint8Array, query = '', options: ApiOptions = {}) =>
  api<Import>('POST', `/v1/pets/imports${query}`, { contentType: 'text/csv', body: csv, ...options });

// How long an import may take to finish here. This suite's activity-consistency test kills
// the shared server's busy backends at random, the import job's and pg-boss's among them; a
// job left active that way is resumed once its heartbeat lapses, within about 30 s
// (lib/runtime/import-queue.ts). A one-row import through PgBouncer once took over 30 s in CI,
// most likely so, and vitest's 30 s default per test cut the wait short.
const IMPORT_WAIT_MS = 60_000;
// The tests that wait for imports: the wait, and room for the rest of the test.
const WAITS_FOR_IMPORTS = { timeout: IMPORT_WAIT_MS + 15_000 };

/** The import once it has finished (its job runs on whichever instance took it). */
async function finished(id: number): Promise<Import> {
  const deadline = Date.now() + IMPORT_WAIT_MS;
  for (;;) {
    const answer = await api<Import>('GET', `/v1/pets/imports/${id}`);
    expect(answer.status).toBe(200);
    if (FINISHED.includes(answer.body.state)) return answer.body;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${answer.body.state} after ${IMPORT_WAIT_MS / 1000} s: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function importedNow(csv: string | Uint8Array, query = ''): Promise<Import> {
  const answer = await postImport(csv, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.headers.get('location')).toBe(`/v1/pets/imports/${answer.body.id}`);
  return finished(answer.body.id);
}

/** The errors CSV (not JSON: read with fetch). */
async function errorsOf(id: number): Promise<string[][]> {
  const response = await fetch(new URL(`/v1/pets/imports/${id}/errors`, inject('baseUrl')), { headers: { authorization: `Bearer ${inject('apiKey')}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  return parse(await response.text()) as string[][];
}

const countIn = async (categoryId: number) => (await api('GET', `/v1/pets/counts?categoryId=${categoryId}`)).body.total as number;

describe('a 1,000-row file with 10 bad rows', WAITS_FOR_IMPORTS, () => {
  const categoryId = uniqueCategoryId();
  const header = ['name', 'category', 'categoryId', 'status', 'tags', 'id', 'colour'];
  // Row numbers as a spreadsheet shows them (the header is row 1) of each bad row, and why.
  const bad: Record<number, { cells: (id: number) => string[]; reason: RegExp }> = {
    12: { cells: () => ['', '', `${categoryId}`, '', '', '', ''], reason: /name must not be empty/ },
    100: { cells: () => ['Nobody', `No Such Category ${suffix()}`, '', '', '', '', ''], reason: /No category is named/ },
    201: { cells: () => ['Bad status', '', `${categoryId}`, 'lost', '', '', ''], reason: /status must be one of/ },
    333: { cells: () => ['x'.repeat(200), '', `${categoryId}`, '', '', '', ''], reason: /name must be at most 100 characters/ },
    400: { cells: () => ['Bad tag', '', `${categoryId}`, '', 'y'.repeat(40), '', ''], reason: /must be at most 32 characters/ },
    512: { cells: () => ['Ghost', '', `${categoryId}`, '', '', `${Number.MAX_SAFE_INTEGER - 7}`, ''], reason: /No pet has id/ },
    600: { cells: () => ['Bad id', '', `${categoryId}`, '', '', 'twelve', ''], reason: /id must be/ },
    777: { cells: (id) => ['Made pending', '', `${categoryId}`, 'pending', '', `${id}`, ''], reason: /cannot be made pending/ },
    888: {
      cells: () => ['Too many tags', '', `${categoryId}`, '', Array.from({ length: 21 }, (_, index) => `t${index}`).join(';'), '', ''],
      reason: /at most 20 tags/,
    },
    999: { cells: () => ['No category', '', '', '', '', '', ''], reason: /a new pet needs a category/ },
  };

  it('is checked by a dry run that changes nothing, then imported: 990 rows, the 10 in the errors CSV', async () => {
    const existing = [];
    for (let index = 0; index < 5; index++) existing.push(await addPet({ name: `Before import ${index}`, categoryId, status: 'available' }));
    const rows: string[][] = [header];
    for (let row = 2; row <= 1001; row++) {
      const changed = existing[row - 2];
      if (bad[row]) rows.push(bad[row]!.cells(existing[0]!.id));
      else if (changed) rows.push([`After import ${row}`, '', `${categoryId}`, 'sold', 'imported', `${changed.id}`, 'grey']);
      else rows.push([`Imported ${row}`, '', `${categoryId}`, 'available', 'imported; batch', '', 'grey']);
    }
    const csv = stringify(rows);

    const dry = await importedNow(csv, '?dryRun=true');
    expect(dry).toMatchObject({
      state: 'done',
      dryRun: true,
      rows: 1000,
      processed: 1000,
      created: 985,
      updated: 5,
      unchanged: 0,
      failed: 10,
      ignoredColumns: ['colour'],
    });
    const dryErrors = await errorsOf(dry.id);
    expect(dryErrors[0]).toEqual(['row', ...header, 'reason']);
    expect(dryErrors.slice(1).map((cells) => Number(cells[0]))).toEqual(Object.keys(bad).map(Number));
    for (const cells of dryErrors.slice(1)) expect(cells.at(-1), `row ${cells[0]}`).toMatch(bad[Number(cells[0])]!.reason);
    expect(await countIn(categoryId)).toBe(5);
    expect((await api('GET', `/v1/pets/${existing[0]!.id}`)).body.name).toBe('Before import 0');

    const real = await importedNow(csv);
    expect(real).toMatchObject({ state: 'done', dryRun: false, processed: 1000, created: 985, updated: 5, unchanged: 0, failed: 10 });
    expect(real.finishedAt).toBeDefined();
    expect(await countIn(categoryId)).toBe(990);
    const errors = await errorsOf(real.id);
    expect(errors.slice(1).map((cells) => Number(cells[0]))).toEqual(Object.keys(bad).map(Number));
    expect(errors[1]!.slice(1, -1)).toEqual(bad[12]!.cells(0));

    // Each changed pet has its activity entry, naming the import's request.
    const history = await api('GET', `/v1/activity?resource=pet&resourceId=${existing[1]!.id}`);
    expect(history.body[0]).toMatchObject({ action: 'update', after: { name: 'After import 3', status: 'sold', tags: ['imported'] } });
  });
});

describe('Idempotency-Key', WAITS_FOR_IMPORTS, () => {
  it('makes no second import for the same file and key', async () => {
    const csv = `name,categoryId\nOnce ${suffix()},${uniqueCategoryId()}\n`;
    const key = `import-${suffix()}`;
    const first = await postImport(csv, '', { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(202);
    const again = await postImport(csv, '', { headers: { 'idempotency-key': key } });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const newest = await api<Import[]>('GET', '/v1/pets/imports?limit=5');
    expect(newest.body.filter((item) => item.id === first.body.id)).toHaveLength(1);
    expect((await finished(first.body.id)).created).toBe(1);
  });
});

describe('the file as a spreadsheet saves it', WAITS_FOR_IMPORTS, () => {
  it('takes semicolons and a BOM, and creates categories when asked', async () => {
    const category = `Imported kind ${suffix()}`;
    const csv = `\ufeffName;Category;Status;Tags\nSemi one;${category};available;a;b\n"Semi; two";${category};;\n`;
    // "a;b" above is two cells: the row has one cell more than the header, and fails.
    const done = await importedNow(csv, '?createCategories=true');
    expect(done).toMatchObject({ state: 'done', created: 1, failed: 1 });
    const withoutCreating = await importedNow(`name;category\nNope;Another kind ${suffix()}\n`);
    expect(withoutCreating).toMatchObject({ created: 0, failed: 1 });
  });
});

describe('export, then import', WAITS_FOR_IMPORTS, () => {
  it('leaves every pet unchanged and writes no activity entry', async () => {
    const categoryId = uniqueCategoryId();
    const added = [];
    for (let index = 0; index < 3; index++) added.push(await addPet({ name: `Round trip ${index}`, categoryId, ...(index > 0 && { status: 'available' }) }));
    expect((await api('PUT', `/v1/pets/${added[0]!.id}/tags`, { json: ['Fluffy', 'old'] })).status).toBe(200);
    const listed = await api('GET', `/v1/pets?categoryId=${categoryId}&include=tags`);
    // The dashboard's export: id, name, categoryId, category, status, tags joined by "; ".
    const rows = listed.body.map((pet: { id: number; name: string; categoryId: number; status?: string; tags: string[] }) => [
      pet.id,
      pet.name,
      pet.categoryId,
      '',
      pet.status ?? '',
      pet.tags.join('; '),
    ]);
    const csv = stringify([['id', 'name', 'categoryId', 'category', 'status', 'tags'], ...rows], { escape_formulas: true });
    const entriesBefore = (await api('GET', `/v1/activity?resource=pet&resourceId=${added[0]!.id}`)).body.length;
    const done = await importedNow(csv);
    expect(done).toMatchObject({ state: 'done', rows: 3, created: 0, updated: 0, unchanged: 3, failed: 0 });
    expect((await api('GET', `/v1/activity?resource=pet&resourceId=${added[0]!.id}`)).body.length).toBe(entriesBefore);
  });
});

describe('undo', WAITS_FOR_IMPORTS, () => {
  it('an import is one batch: its batchId lists its entries, and one restore undoes it', async () => {
    const categoryId = uniqueCategoryId();
    const existing = await addPet({ name: 'Before undo', categoryId, status: 'available' });
    const done = await importedNow(`id,name,categoryId\n${existing.id},After undo,${categoryId}\n,Undone one,${categoryId}\n,Undone two,${categoryId}\n`);
    expect(done).toMatchObject({ state: 'done', created: 2, updated: 1 });
    const entries = await api('GET', `/v1/activity?batchId=${done.batchId}`);
    expect(entries.body).toHaveLength(3);
    expect((await api<Import[]>('GET', `/v1/pets/imports?batchId=${done.batchId}`)).body.map((item) => item.id)).toEqual([done.id]);
    const undone = await api('POST', `/v1/activity/batches/${done.batchId}/restore`);
    expect(undone.status).toBe(200);
    expect(undone.body.leftAlone).toEqual([]);
    expect(await countIn(categoryId)).toBe(1);
    expect((await api('GET', `/v1/pets/${existing.id}`)).body.name).toBe('Before undo');
  });
});

// Enough rows that the import still runs when the DELETE comes, right after the 202.
const ROWS_TO_CANCEL = 20_000;

describe('cancel', () => {
  it('stops a running import before its next batch: the rows committed stay, and the Import says how many', async () => {
    const categoryId = uniqueCategoryId();
    const csv = `name,categoryId\n${Array.from({ length: ROWS_TO_CANCEL }, (_, index) => `Cancelled ${index},${categoryId}`).join('\n')}\n`;
    const posted = await postImport(csv);
    expect(posted.status).toBe(202);
    const cancelled = await api<Import>('DELETE', `/v1/pets/imports/${posted.body.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(cancelled.body.finishedAt).toBeDefined();
    // The batch under way, if any, commits or not as a whole; then nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = (await api<Import>('GET', `/v1/pets/imports/${posted.body.id}`)).body;
    expect(after.state).toBe('cancelled');
    expect(after.processed).toBeLessThan(ROWS_TO_CANCEL);
    expect(after.created).toBe(after.processed);
    expect(await countIn(categoryId)).toBe(after.created);
    expect((await api('DELETE', `/v1/pets/imports/${posted.body.id}`)).status).toBe(409);
  }, 60_000);
});

describe('files refused before any job exists', WAITS_FOR_IMPORTS, () => {
  it('without a name column: 400 naming the columns found', async () => {
    const answer = await postImport('title,colour\nRex,brown\n');
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain('no `name` column: its header line holds "title", "colour"');
  });

  it('not UTF-8: 400 saying so', async () => {
    const answer = await postImport(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x52, 0xe9, 0x0a]));
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain('not UTF-8');
  });

  it(`over ${MAX_IMPORT_ROWS} rows: 413`, async () => {
    const answer = await postImport(`name\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`);
    expect(answer.status).toBe(413);
    expect(errorOf(answer).message).toContain('more than 200,000 rows');
  });

  it('over 50 MB: 413, by its Content-Length before it is read', async () => {
    const answer = await postImport(new Uint8Array(50 * 1024 * 1024 + 1).fill(0x61));
    expect(answer.status).toBe(413);
    expect(errorOf(answer).message).toContain('at most 50 MB');
  });

  it('not CSV: 415', async () => {
    const answer = await api('POST', '/v1/pets/imports', { json: { name: 'Rex' } });
    expect(answer.status).toBe(415);
  });

  it('a finished import cannot be cancelled (409), an unknown one is a 404', async () => {
    const done = await importedNow(`name,categoryId\nCancel me ${suffix()},${uniqueCategoryId()}\n`);
    expect((await api('DELETE', `/v1/pets/imports/${done.id}`)).status).toBe(409);
    expect((await api('GET', '/v1/pets/imports/987654321')).status).toBe(404);
  });
});
