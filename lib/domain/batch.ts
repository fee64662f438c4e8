// A batch of single changes (PATCH and DELETE /v1/pets?id=…, experimental): the
// single operation's domain function once per id, each in its own transaction,
// a few at once, so every pet's change keeps its rules, its activity entry and
// its change-feed event. The outcomes come back in the order of the ids. A
// failure that is no pet's own (the database gone) stops the batch: no further
// id is started, those under way finish, and the failure is thrown; what was
// changed before it stays changed (docs/DASHBOARD.md, "Bulk work").
import type { Outcome } from './outcome';

// Each pet's commit waits for its own WAL flush, and commits made at once share
// one. 1,000 status changes as 20 requests of 50, two in flight, on a busy
// shared two-core machine: 3.9-6.0 s one after another, 2.5-5.4 s four at once,
// 2.6-3.7 s eight at once. Four keep the dashboard's two requests in flight to
// 8 of the pool's 10 connections (DATABASE_POOL_SIZE), so other requests still find one.
const AT_ONCE = 4;

export async function eachId<Value>(ids: number[], change: (id: number) => Promise<Outcome<Value>>): Promise<Outcome<Value>[]> {
  const outcomes: Outcome<Value>[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (next < ids.length && !failure) {
      const index = next++;
      try {
        outcomes[index] = await change(ids[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, ids.length) }, worker));
  if (failure) throw failure.error;
  return outcomes;
}
