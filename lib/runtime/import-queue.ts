// The job queue that runs CSV imports (lib/domain/imports.ts): pg-boss, over the app's own
// database (its statements on connections of their own on PostgreSQL, through a pooler
// too, and on the one PGlite: lib/db/client.ts, jobQueueDatabase). Started once per
// process at start-up, after the app's migrations (which make pg-boss's schema and the
// queue: lib/db/job-queue.ts), and stopped in the shutdown.
//
// Surviving an instance: a job carries a heartbeat (10 s: lib/db/job-queue.ts); the instance
// running it refreshes it, and every instance's supervisor (each SUPERVISE_SECONDS) fails
// a job whose heartbeat stopped, to be retried at once: the next poll of any live instance
// takes it and resumes after the import's last committed batch. So a killed instance's
// import goes on within about 10 s + SUPERVISE_SECONDS + POLL_SECONDS (< 30 s).
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Job } from 'pg-boss';
import { databaseKind, db, jobQueueDatabase, type Executor } from '../db/client';
import { IMPORT_QUEUE, IMPORT_RETRY_LIMIT, jobQueueOptions } from '../db/job-queue';
import { withDatabaseTimeout } from '../db/deadline';
import { failImport, runImport } from '../domain/imports';
import { describeBug, failureReason, logFailure } from '../failure-log';
import { processState } from '../process-state';
import { log } from './log';

const SUPERVISE_SECONDS = 5;
const POLL_SECONDS = 2;
// One batch's transaction may take this long (the requests' 3 s is for a request's work).
const BATCH_TIMEOUT_MS = 60_000;
// How long the shutdown waits for the batch under way; the job is then left to another instance.
const STOP_TIMEOUT_MS = 10_000;

type ImportJob = { importId: number };

const shared = processState('importQueue', (): { boss?: PgBoss; isStopping: boolean } => ({ isStopping: false }));

/** Starts the queue and this instance's worker; not on a read-only database (a replica), where no import can run. */
export async function startImportQueue(): Promise<void> {
  const database = await db();
  const [readOnly] = rowsOf<{ on: boolean }>(await database.execute(sql`select current_setting('transaction_read_only') = 'on' as "on"`));
  if (readOnly?.on) {
    log.warn('the database is read-only: this instance runs no imports');
    return;
  }
  // Made and migrated with the app's migrations (lib/db/job-queue.ts): here only checked.
  const boss = new PgBoss(
    jobQueueOptions(await jobQueueDatabase(), await databaseKind(), {
      migrate: false,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    }),
  );
  boss.on('error', (error) => logFailure('the import queue failed a step; it tries again', failureReason(error)));
  await boss.start();
  await boss.work<ImportJob>(IMPORT_QUEUE, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1, includeMetadata: true }, async ([job]) => {
    if (job) await runJob(job);
  });
  shared.boss = boss;
}

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

async function runJob(job: Job<ImportJob> & { retryLimit?: number }): Promise<void> {
  const { importId } = job.data;
  const database = await db();
  try {
    const isLeaving = () => shared.isStopping || job.signal.aborted;
    const end = await withDatabaseTimeout(BATCH_TIMEOUT_MS, () => runImport(database, importId, isLeaving));
    // Not completed: the job is retried, by another instance, after the last committed batch.
    if (end === 'left' && isLeaving()) throw new Error('the instance is stopping: the import is left to another');
  } catch (error) {
    if (job.retryCount >= (job.retryLimit ?? IMPORT_RETRY_LIMIT)) {
      await failImport(database, importId, `The import stopped on an error it met ${job.retryCount + 1} times: ${failureReason(error)}.`);
      log.error({ importId, error: describeBug(error) }, 'import failed');
      return;
    }
    throw error;
  }
}

/** Queues the job of an import, in the transaction that stores it. */
export async function enqueueImport(transaction: Executor, importId: number): Promise<void> {
  const boss = shared.boss;
  if (!boss) throw new Error('This instance runs no job queue (a read-only database).');
  await boss.send(IMPORT_QUEUE, { importId }, { db: fromDrizzle(transaction, sql) });
}

/** Stops the worker in the shutdown: the batch under way commits or rolls back; the job is left to another instance. */
export async function stopImportQueue(): Promise<void> {
  shared.isStopping = true;
  const boss = shared.boss;
  shared.boss = undefined;
  await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: false });
}
