// GET /readyz: the database answers (readiness). No auth.
import { sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { log } from '@/lib/log';

export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const headers = { 'cache-control': 'no-store' };
  try {
    await (await db()).execute(sql`select 1`);
    return Response.json({ status: 'ok', database: 'up' }, { headers });
  } catch (error) {
    log.warn({ err: error }, 'readiness check failed');
    return Response.json({ status: 'unavailable', database: 'down' }, { status: 503, headers: { ...headers, 'retry-after': '2' } });
  }
}
