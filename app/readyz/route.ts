// GET /readyz: the database answers, and the embedded database has room to write (readiness). No auth.
// A read-only database (a replica after a failover) is still 200, saying so: the instance serves reads,
// and the database is every instance's, so taking them all out of rotation would refuse the reads too.
import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { withDatabaseTimeout } from '@/lib/db/deadline';
import { embeddedStorage } from '@/lib/db/storage';
import { failureReason, logFailure } from '@/lib/failure-log';

export const dynamic = 'force-dynamic';

const READY_TIMEOUT_MS = 1_000;

export async function GET(): Promise<Response> {
  const headers = { 'cache-control': 'no-store' };
  try {
    // Well within a load balancer's usual 2-5 s check timeout: a database that does not answer is a prompt 503.
    const [session] = await withDatabaseTimeout(READY_TIMEOUT_MS, async () =>
      (await db()).select({ readOnly: sql<string>`current_setting('transaction_read_only')` }).from(sql`(select) as nothing`),
    );
    // Writes are refused while the disk is full (lib/db/storage.ts): a load balancer should send them elsewhere.
    const storage = await embeddedStorage();
    if (storage?.isFull) {
      logFailure('readiness check failed: answered 503', 'STORAGE_FULL');
      const body = { status: 'unavailable', database: 'storage full', freeBytes: storage.freeBytes };
      return Response.json(body, { status: 503, headers: { ...headers, 'retry-after': '30' } });
    }
    if (session?.readOnly === 'on') {
      logFailure('readiness check: the database is read-only', '25006');
      return Response.json({ status: 'ok', database: 'read-only' }, { headers });
    }
    return Response.json({ status: 'ok', database: 'up' }, { headers });
  } catch (error) {
    logFailure('readiness check failed: answered 503', failureReason(error));
    return Response.json({ status: 'unavailable', database: 'down' }, { status: 503, headers: { ...headers, 'retry-after': '2' } });
  }
}
