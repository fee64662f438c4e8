// The job queue's place in the database (pg-boss: lib/runtime/import-queue.ts runs it).
// Its schema (`pgboss`) and the queues are made and migrated with the app's own migrations
// (lib/db/migrate.ts), by the owner, so the app's role needs no right to create anything
// (deploy/database-roles.sql grants it the rows); every instance then only checks that
// they are current. Not on a read-only database (a replica): nothing is written there.
import { PgBoss, type ConstructorOptions, type Db, type QueueOptions } from 'pg-boss';

/** The schema pg-boss keeps its tables and functions in. */
const SCHEMA = 'pgboss';

/** The imports' queue and its jobs' settings: a job's heartbeat tells a live instance from a dead one. */
export const IMPORT_QUEUE = 'pet-imports';
const IMPORT_HEARTBEAT_SECONDS = 10;
const IMPORT_QUEUE_OPTIONS: QueueOptions = {
  heartbeatSeconds: IMPORT_HEARTBEAT_SECONDS,
  // An import may run for hours at most (200,000 rows take minutes); its heartbeat, not this, notices a dead instance.
  expireInSeconds: 4 * 60 * 60,
  // Attempts after the first: each resumes where the last committed batch left off.
  retryLimit: 20,
  retryDelay: 1,
};
export const IMPORT_RETRY_LIMIT = IMPORT_QUEUE_OPTIONS.retryLimit!;

/** pg-boss's settings over `db` (the owner's for the install, the app's for the work). */
export function jobQueueOptions(db: Db, kind: 'postgres' | 'pglite', more: Partial<ConstructorOptions> = {}): ConstructorOptions {
  return { db, backend: kind, schema: SCHEMA, schedule: false, ...more };
}

/** Makes or migrates pg-boss's schema and the imports' queue (both idempotent, under pg-boss's own lock). */
export async function installJobQueue(db: Db, kind: 'postgres' | 'pglite'): Promise<void> {
  const [readOnly] = (await db.executeSql(`select current_setting('transaction_read_only') = 'on' as "on"`)).rows as { on: boolean }[];
  if (readOnly?.on) return;
  const boss = new PgBoss(jobQueueOptions(db, kind, { supervise: false, migrate: true }));
  await boss.start();
  try {
    await boss.createQueue(IMPORT_QUEUE, IMPORT_QUEUE_OPTIONS);
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
