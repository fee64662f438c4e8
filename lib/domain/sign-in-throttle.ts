// Sign-in throttling: after FREE_ATTEMPTS failed sign-ins to one account, each
// further attempt must wait, 30 s doubling up to 15 min. Counted per account
// (the normalised email, whether or not such a user exists, so the answer
// tells nothing about which accounts exist) and kept in the database, so every
// instance enforces one limit. An attempt is counted before its password is
// checked, inside a row lock: a burst of concurrent guesses cannot slip in
// before the count catches up. A success forgets the account's failures, and
// rows an hour old are deleted, so guesses at many emails leave nothing behind.
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { databaseNow, secondsInterval } from '../db/moment';
import { signInFailures } from '../db/schema';
import { normaliseEmail } from './users';

export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
// Failures older than this, with no attempt since, are forgotten.
const FORGET_AFTER_MS = 60 * 60 * 1000;

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** The wait imposed after an account's `failures`-th consecutive failure. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** (failures - FREE_ATTEMPTS), MAX_DELAY_SECONDS);
}

/**
 * Counts a sign-in attempt to `email` as a failure until `forgetSignInFailures`
 * says otherwise, or refuses it (uncounted) while the account must wait. The
 * windows are on the database's clock (lib/db/moment.ts), so every instance
 * keeps the same one whatever its own clock says; `at` is for tests.
 */
export async function admitSignInAttempt(database: Database, email: string, at?: Date): Promise<Admission> {
  const account = normaliseEmail(email);
  const moment = databaseNow(at);
  // A row untouched for that long counts as no row (its wait, 15 min at most, is over).
  await database.delete(signInFailures).where(lt(signInFailures.lastAttemptAt, sql`${moment} - ${secondsInterval(FORGET_AFTER_MS / 1000)}`));
  return database.transaction(async (tx) => {
    // Insert or lock the account's row in one statement: a concurrent delete either
    // came first (and this inserts) or waits for this transaction (and then spares the row).
    const [row] = await tx
      .insert(signInFailures)
      .values({ email: account, failures: 0, lastAttemptAt: moment })
      .onConflictDoUpdate({ target: signInFailures.email, set: { email: account } })
      .returning({
        failures: signInFailures.failures,
        waitSeconds: sql<number | null>`extract(epoch from ${signInFailures.blockedUntil} - ${moment})::double precision`,
      });
    if (row!.waitSeconds !== null && row!.waitSeconds > 0) return { admitted: false, retryAfterSeconds: Math.ceil(row!.waitSeconds) };
    const failures = row!.failures + 1;
    const delay = delayAfterFailures(failures);
    await tx
      .update(signInFailures)
      .set({ failures, lastAttemptAt: moment, blockedUntil: delay > 0 ? sql`${moment} + ${secondsInterval(delay)}` : null })
      .where(eq(signInFailures.email, account));
    return { admitted: true };
  });
}

/** After a successful sign-in, or a password reset: the account starts afresh. */
export async function forgetSignInFailures(database: Database, email: string): Promise<void> {
  await database.delete(signInFailures).where(eq(signInFailures.email, normaliseEmail(email)));
}
