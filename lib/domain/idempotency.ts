// Stored Idempotency-Key answers: inside the transaction that runs a request,
// claim its key, and record the answer in that same transaction, beside the
// effect (as Stripe does); find a stored answer again; forget expired ones.
// An answer lost on its way back (a connection cut after COMMIT, a crash
// before the reply, a database restart) is therefore in the table exactly when
// the effect is, and a retry replays it. Expiry is by the database's clock
// (lib/db/moment.ts), never the instance's. No HTTP here: lib/http/idempotency.ts
// turns a claim's outcome into a run, a replay or a 409.
import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { databaseNow, secondsInterval } from '../db/moment';
import { idempotencyKeys } from '../db/schema';

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

export type Claim = { outcome: 'claimed' } | { outcome: 'replay'; response: StoredResponse } | { outcome: 'mismatch' } | { outcome: 'in_progress' };

type KeyOwner = { apiKeyId: number; key: string };

const sameKey = ({ apiKeyId, key }: KeyOwner) => and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key));

/**
 * A 64-bit advisory lock id for the key (SHA-256's first 8 bytes). Another
 * key sharing it only makes a concurrent request wait for a retry.
 */
function lockId({ apiKeyId, key }: KeyOwner): string {
  const digest = createHash('sha256').update(`${apiKeyId}\n${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * Claims `key` for the request running in `transaction`, or says why not.
 * The claim is a transaction-level advisory lock (released by COMMIT or
 * ROLLBACK: nothing to clean up after a crash, and nothing a transaction
 * pooler's shared sessions could keep): of concurrent requests with one key,
 * one runs and the others are told it is in progress. Once the lock is held,
 * the table says whether an earlier run already committed an answer.
 */
/** `at`: the database's now() unless a test gives an instant (lib/db/moment.ts). */
export async function claimIdempotencyKey(transaction: Executor, input: KeyOwner & { requestHash: string; at?: Date }): Promise<Claim> {
  const [lock] = await transaction.select({ isHeld: sql<boolean>`pg_try_advisory_xact_lock(${lockId(input)}::bigint)` }).from(sql`(select 1) as one`);
  if (!lock?.isHeld) return { outcome: 'in_progress' };

  const [row] = await transaction
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      headers: idempotencyKeys.responseHeaders,
      body: idempotencyKeys.responseBody,
      isExpired: sql<boolean>`${idempotencyKeys.expiresAt} <= ${databaseNow(input.at)}`,
    })
    .from(idempotencyKeys)
    .where(sameKey(input));
  // No answer yet, an expired one, or an unanswered claim an earlier version of the service left behind.
  if (!row || row.isExpired || row.status === null) return { outcome: 'claimed' };
  if (row.requestHash !== input.requestHash) return { outcome: 'mismatch' };
  return { outcome: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
}

/** Stores the answer of a claimed key, in the transaction that made its effect. */
export async function recordIdempotentResponse(
  transaction: Executor,
  input: KeyOwner & { requestHash: string; at?: Date; ttlSeconds: number; response: StoredResponse },
): Promise<void> {
  const moment = databaseNow(input.at);
  const record = {
    requestHash: input.requestHash,
    responseStatus: input.response.status,
    responseHeaders: input.response.headers,
    responseBody: input.response.body,
    createdAt: moment,
    expiresAt: sql`${moment} + ${secondsInterval(input.ttlSeconds)}`,
  };
  await transaction
    .insert(idempotencyKeys)
    .values({ apiKeyId: input.apiKeyId, key: input.key, ...record })
    .onConflictDoUpdate({ target: [idempotencyKeys.apiKeyId, idempotencyKeys.key], set: record });
}

export async function deleteExpiredIdempotencyKeys(database: Database, at?: Date): Promise<void> {
  await database.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, databaseNow(at)));
}
