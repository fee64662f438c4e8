// Running a query so that PostgreSQL plans it with its actual values, every
// time. For a name search the best plan depends on the text: a rare one wants
// the trigram index, a common one the id order with a filter. postgres.js keeps
// a named statement per query text, and after five runs PostgreSQL may settle
// on one generic plan that is right for neither (a scan of a million rows).
// PGlite runs each query unnamed already, so the drizzle statement serves there.
// Inside a transaction (lib/db/search-deadline.ts) the transaction's client is used.
import { fillPlaceholders } from 'drizzle-orm';
import type { Database } from './client';

type UnpreparedClient = {
  unsafe: (query: string, params: unknown[], options: { prepare: boolean }) => Promise<Record<string, unknown>[]>;
};

/** The rows, raw (column names as in the SELECT, int8 as strings), or undefined on PGlite: use the drizzle statement there. */
export async function selectPlannedEachTime(
  database: Database,
  query: { toSQL: () => { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[] | undefined> {
  // A transaction's handle has no $client: its session holds the transaction's own client.
  const handle = database as unknown as { $client?: Partial<UnpreparedClient>; session?: { client?: Partial<UnpreparedClient> } };
  const client = handle.$client ?? handle.session?.client;
  if (!client || typeof client.unsafe !== 'function') return undefined;
  const { sql, params } = query.toSQL();
  return client.unsafe(sql, fillPlaceholders(params, values), { prepare: false });
}
