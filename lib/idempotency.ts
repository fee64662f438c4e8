// Stored Idempotency-Key answers: claim a key for a request, record the answer,
// find it again, forget expired ones. No HTTP here: lib/http/idempotency.ts turns
// a claim's outcome into a run, a replay or a 409.
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from './db/client';
import { idempotencyKeys } from './db/schema';

export type StoredResponse = { status: number; headers: Record<string, string>; body: string };

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_progress' };

type KeyOwner = { apiKeyId: number; key: string };

// A claim whose request never finished (its process died mid-request) may be
// taken over by a retry of the same request after this long.
const ABANDONED_AFTER_MS = 60_000;

const sameKey = ({ apiKeyId, key }: KeyOwner) =>
  and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key));

/**
 * Claims `key` for this request, or says why not. Exactly one of several
 * concurrent claims wins: the insert's primary key and the take-over's
 * row lock decide.
 */
export async function claimIdempotencyKey(
  database: Database,
  input: KeyOwner & { requestHash: string; at: Date; ttlSeconds: number },
): Promise<Claim> {
  const fresh = {
    requestHash: input.requestHash,
    createdAt: input.at,
    expiresAt: new Date(input.at.getTime() + input.ttlSeconds * 1000),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await database
      .insert(idempotencyKeys)
      .values({ apiKeyId: input.apiKeyId, key: input.key, ...fresh })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { outcome: 'claimed' };

    const takenOver = await database
      .update(idempotencyKeys)
      .set({ ...fresh, responseStatus: null, responseHeaders: null, responseBody: null })
      .where(
        and(
          sameKey(input),
          or(
            lte(idempotencyKeys.expiresAt, input.at),
            and(
              isNull(idempotencyKeys.responseStatus),
              eq(idempotencyKeys.requestHash, input.requestHash),
              lt(idempotencyKeys.createdAt, new Date(input.at.getTime() - ABANDONED_AFTER_MS)),
            ),
          ),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (takenOver.length > 0) return { outcome: 'claimed' };

    const [row] = await database
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.responseStatus,
        headers: idempotencyKeys.responseHeaders,
        body: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(sameKey(input));
    // Gone in between: the first request failed with a 5xx and released it. Try again.
    if (!row) continue;
    if (row.requestHash !== input.requestHash) return { outcome: 'mismatch' };
    if (row.status === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
  }
  return { outcome: 'in_progress' };
}

export async function recordIdempotentResponse(database: Database, owner: KeyOwner, response: StoredResponse): Promise<void> {
  await database
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseHeaders: response.headers, responseBody: response.body })
    .where(sameKey(owner));
}

/** Gives up an unfinished claim, so that a retry runs the request afresh. */
export async function releaseIdempotencyKey(database: Database, owner: KeyOwner): Promise<void> {
  await database.delete(idempotencyKeys).where(and(sameKey(owner), isNull(idempotencyKeys.responseStatus)));
}

export async function deleteExpiredIdempotencyKeys(database: Database, at: Date): Promise<void> {
  await database.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, at));
}
