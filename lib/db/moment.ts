// "Now" for expiry and pruning: the database's clock, never the instance's (an
// instance whose clock runs ahead must not expire what others still keep:
// docs/RELIABILITY.md, "Time comes from the database"). A given instant stands
// in for it where a test plays out minutes or hours.
import { sql, type SQL } from 'drizzle-orm';

/** The database's now() (the transaction's start), or `at` where a test gives one. */
export function databaseNow(at?: Date): SQL {
  return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
}

/** `seconds` as an interval, to add to or take from databaseNow(). */
export function secondsInterval(seconds: number): SQL {
  return sql`(${seconds}::double precision * interval '1 second')`;
}
