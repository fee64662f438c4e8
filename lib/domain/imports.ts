// CSV imports of pets (docs/API.md, "Imports"): an import is a row of `imports` and its
// file (in parts), made when the file is posted, and a job that any instance may run
// (lib/runtime/import-queue.ts). The job reads the file again, skips the rows already
// committed (`processed`) and commits the rest a batch at a time, each batch's pets, its
// failed rows and the import's progress in one transaction, acting as the import's maker
// (their key's rights checked by act_as at that moment, drizzle/0018), under the import's
// batch id (every activity entry carries it). So a job resumed by another instance neither
// repeats nor skips a row.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Database, Executor } from '../db/client';
import { lostKeyRights } from '../db/errors';
import { importFailures, importFileParts, imports } from '../db/schema';
import { scopesFor } from '../contract/api-keys';
import { actingAs, recorded } from './activity';
import { applyBatch, type BatchRow } from './import-batch';
import { columnIndexes, recordsOf, type Delimiter, type ImportFile } from './import-file';
import { readRow } from './import-rows';
import { toPage, type Page } from './pagination';
import { refused, succeeded, type Outcome } from './outcome';

export type ImportRecord = typeof imports.$inferSelect;

/** Who posts an import: every batch acts as them (the key's rights checked when it acts). */
export type ImportMaker = { keyId: number | null; userId: number | null; label: string; requestId: string };

// Rows per transaction: each batch costs a handful of statements whatever its size, and
// holds its pets' row locks until it commits.
export const BATCH_ROWS = 500;
// The file is written in parts of this size, each its own statement.
const PART_BYTES = 1024 * 1024;
const FINISHED: ReadonlySet<string> = new Set(['done', 'failed', 'cancelled']);

/**
 * Stores a checked file as a queued import and hands it to `enqueue`, in `transaction`
 * (so the job exists exactly when the import does). Answers the import.
 */
export async function createImport(
  transaction: Executor,
  input: { file: ImportFile; bytes: Uint8Array; dryRun: boolean; createCategories: boolean; maker: ImportMaker },
  enqueue: (transaction: Executor, importId: number) => Promise<void>,
): Promise<ImportRecord> {
  const { file, maker } = input;
  const [created] = await transaction
    .insert(imports)
    .values({
      dryRun: input.dryRun,
      createCategories: input.createCategories,
      columns: file.columns,
      delimiter: file.delimiter,
      rows: file.rows,
      ignoredColumns: file.ignoredColumns,
      createdByUserId: maker.userId,
      createdByKeyId: maker.keyId,
      createdByLabel: maker.label,
      requestId: maker.requestId,
      batchId: randomUUID(),
    })
    .returning();
  for (let part = 0; part * PART_BYTES < input.bytes.byteLength; part++) {
    const bytes = input.bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
    await transaction.insert(importFileParts).values({ importId: created!.id, part, bytes });
  }
  await enqueue(transaction, created!.id);
  return created!;
}

export async function getImport(database: Executor, id: number): Promise<ImportRecord | undefined> {
  const [row] = await database.select().from(imports).where(eq(imports.id, id));
  return row;
}

/** Newest first, keyset-paged on id; `batchId`: the import whose activity entries carry it. */
export async function listImports(database: Executor, query: { limit: number; beforeId?: number; batchId?: string }): Promise<Page<ImportRecord>> {
  const rows = await database
    .select()
    .from(imports)
    .where(
      and(
        query.beforeId === undefined ? undefined : lt(imports.id, query.beforeId),
        query.batchId === undefined ? undefined : eq(imports.batchId, query.batchId),
      ),
    )
    .orderBy(desc(imports.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit);
}

/** Cancels an import still queued or running: the job stops before its next batch; what is committed stays. */
export async function cancelImport(database: Executor, id: number): Promise<Outcome<ImportRecord>> {
  const [row] = await database
    .update(imports)
    .set({ state: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'running'])))
    .returning();
  if (row) return succeeded(row);
  const existing = await getImport(database, id);
  if (!existing) return refused('not_found', `No import has id ${id}.`);
  return refused('conflict', `Import ${id} is ${existing.state} already: only a queued or running import can be cancelled.`);
}

const FAILURES_PAGE = 5_000;

/** The failed rows as CSV: `row` (the row number in the file), the file's own columns, `reason`. */
export async function importErrorsCsv(database: Executor, id: number): Promise<string | undefined> {
  const job = await getImport(database, id);
  if (!job) return undefined;
  const parts = [stringify([['row', ...job.columns, 'reason']])];
  for (let after = 0; ;) {
    const page = await database
      .select({ row: importFailures.row, values: importFailures.values, reason: importFailures.reason })
      .from(importFailures)
      .where(and(eq(importFailures.importId, id), sql`${importFailures.row} > ${after}`))
      .orderBy(importFailures.row)
      .limit(FAILURES_PAGE);
    if (page.length === 0) break;
    const cells = page.map((failure) => [failure.row, ...job.columns.map((_, index) => failure.values[index] ?? ''), failure.reason]);
    // A value like "=HYPERLINK(…)" stays text in a spreadsheet, as in the export.
    parts.push(stringify(cells, { escape_formulas: true }));
    after = page[page.length - 1]!.row;
  }
  return parts.join('');
}

async function fileOf(database: Database, id: number): Promise<Uint8Array> {
  const parts = await database
    .select({ bytes: importFileParts.bytes })
    .from(importFileParts)
    .where(eq(importFileParts.importId, id))
    .orderBy(importFileParts.part);
  return Buffer.concat(parts.map((part) => part.bytes));
}

/** How a run ended: finished (done, failed or cancelled), or left to another run (stopping, or another instance moved on). */
export type RunEnd = 'finished' | 'left';

/**
 * Runs (or resumes) an import: the rows after `processed`, a batch per transaction, until
 * the end, a cancel, or the maker's loss of rights (the import fails, saying why). Thrown
 * errors (the database gone) leave the import as it is, for the job's next attempt.
 * `isStopping` is asked between batches: the instance is shutting down.
 */
export async function runImport(database: Database, id: number, isStopping: () => boolean): Promise<RunEnd> {
  const job = await getImport(database, id);
  if (!job || FINISHED.has(job.state)) return 'finished';
  if (job.state === 'queued')
    await database
      .update(imports)
      .set({ state: 'running' })
      .where(and(eq(imports.id, id), eq(imports.state, 'queued')));
  const maker = { keyId: job.createdByKeyId, userId: job.createdByUserId, label: job.createdByLabel, requestId: job.requestId, batchId: job.batchId };
  const options = { createCategories: job.createCategories, dryRun: job.dryRun };
  const at = columnIndexes(job.columns);
  let processed = job.processed;
  let batch: BatchRow[] = [];
  const commit = async (): Promise<RunEnd | undefined> => {
    if (isStopping()) return 'left';
    const end = await commitBatch(database, { id, from: processed, batch, maker, options });
    if (end) return end;
    processed += batch.length;
    batch = [];
    return undefined;
  };
  try {
    let seen = -1; // the header is record 0
    for await (const record of recordsOf(await fileOf(database, id), job.delimiter as Delimiter)) {
      seen++;
      if (seen === 0 || seen <= processed) continue;
      // The row number as a spreadsheet shows it: the header is row 1.
      const row = seen + 1;
      batch.push({ row, values: record, reading: readRow(record, row, at, job.columns.length) });
      if (batch.length === BATCH_ROWS) {
        const end = await commit();
        if (end) return end;
      }
    }
    if (batch.length > 0) {
      const end = await commit();
      if (end) return end;
    }
  } catch (error) {
    const lost = lostKeyRights(error);
    if (!lost) throw error;
    await failImport(database, id, `Stopped after ${processed} rows: ${refusalOf(error)}`);
    return 'finished';
  }
  await database
    .update(imports)
    .set({ state: 'done', finishedAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.state, 'running')));
  return 'finished';
}

/** The database's own words for a refused change (drizzle wraps its error, with the statement and its parameters, around it). */
function refusalOf(error: unknown): string {
  let deepest = error as Error;
  for (let cause = (error as Error).cause; cause instanceof Error; cause = cause.cause) deepest = cause;
  return deepest.message;
}

/** Ends an import as failed, with the reason in words (only one still queued or running). */
export async function failImport(database: Database, id: number, reason: string): Promise<void> {
  await database
    .update(imports)
    .set({ state: 'failed', reason, finishedAt: sql`now()` })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'running'])));
}

type BatchWork = {
  id: number;
  from: number;
  batch: BatchRow[];
  maker: ImportMaker & { batchId: string };
  options: { createCategories: boolean; dryRun: boolean };
};

/**
 * One batch in one transaction, as the maker: the import's row locked first (a cancel, or
 * another instance's run of the same job, is seen here), the batch applied only when
 * `processed` is still where this run left it, then the failed rows and the progress.
 */
async function commitBatch(database: Database, work: BatchWork): Promise<RunEnd | undefined> {
  const { id, from, batch, maker } = work;
  const actor = { ...maker, needs: new Set(scopesFor('write')) };
  return actingAs(actor, () =>
    recorded(database, async (transaction) => {
      const [state] = await transaction.select({ state: imports.state, processed: imports.processed }).from(imports).where(eq(imports.id, id)).for('update');
      if (!state || state.state !== 'running') return 'finished';
      if (state.processed !== from) return 'left';
      const { counts, failures } = await applyBatch(transaction, batch, work.options);
      if (failures.length > 0) await transaction.insert(importFailures).values(failures.map((failure) => ({ importId: id, ...failure })));
      await transaction
        .update(imports)
        .set({
          processed: from + batch.length,
          created: sql`${imports.created} + ${counts.created}`,
          updated: sql`${imports.updated} + ${counts.updated}`,
          unchanged: sql`${imports.unchanged} + ${counts.unchanged}`,
          failed: sql`${imports.failed} + ${counts.failed}`,
        })
        .where(eq(imports.id, id));
      return undefined;
    }),
  );
}
