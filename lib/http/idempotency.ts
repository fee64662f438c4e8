// Safe retries of POSTs with an `Idempotency-Key` header
// (draft-ietf-httpapi-idempotency-key-header): the request runs in one
// transaction with its key's record, and its first answer (2xx or 4xx) is
// stored in that transaction, beside the effect; it is replayed, byte for byte,
// to a retry with the same key and the same request for IDEMPOTENCY_TTL_SECONDS,
// even when the first answer never reached the client. Another request under a
// used key, or a retry while the first is still running, is a 409. Keys belong
// to the API key that sent them. A 5xx rolls the transaction back, effect and
// all, so a retry runs afresh; so does a request refused before the operation
// began (RequestRefusal: its body, parameters or media type), which stores
// nothing, so refused requests cost no storage and a corrected one may reuse
// the key. (Authentication and the rate limit come before this, and store
// nothing either.) The Content-Type is not in the request's fingerprint: a body
// in another media type than JSON is such a refusal, and every JSON media type
// reads the same.
import { createHash } from 'node:crypto';
import type { Caller } from './auth';
import { readBodyBytes, type BodyLimit } from './body';
import { ApiError } from './errors';
import { config } from '../runtime/config';
import type { Database, Executor } from '../db/client';
import { claimIdempotencyKey, deleteExpiredIdempotencyKeys, recordIdempotentResponse } from '../domain/idempotency';
import { failureReason, logFailure } from '../failure-log';
import { processState } from '../process-state';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
// Answers a replay repeats; the wrapper adds the rest (request id, rate limits) afresh.
const STORED_HEADERS = ['content-type', 'location', 'link', 'allow', 'www-authenticate', 'retry-after'];
const CLEAN_UP_EVERY_MS = 60_000;
// One sweeper clock per process, whichever bundle serves the request.
const sweeper = processState('idempotencySweeper', () => ({ lastCleanUp: 0 }));

/** A 5xx from the operation: thrown to roll its transaction back, then answered. */
class NotStored {
  constructor(readonly response: Response) {}
}

/**
 * Runs `operate` at most once per (API key, Idempotency-Key), on a transaction
 * that also holds the key's record; without the header, just runs it on `database`.
 */
export async function idempotently(
  request: Request,
  caller: Caller,
  database: Database,
  operate: (request: Request, database: Executor) => Promise<Response>,
  bodyLimit?: BodyLimit,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return operate(request, database);
  if (!VALID_KEY.test(key)) {
    throw new ApiError('invalid_request', 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.', {
      details: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }],
    });
  }
  const body = await readBodyBytes(request, bodyLimit);
  const owner = { apiKeyId: caller.keyId, key, requestHash: hashRequest(request, body) };
  cleanUpOccasionally(database);

  try {
    return await database.transaction(async (transaction) => {
      const claim = await claimIdempotencyKey(transaction, owner);
      switch (claim.outcome) {
        case 'mismatch':
          throw new ApiError('conflict', 'This Idempotency-Key was already used for a different request; use a new key for a new request.');
        case 'in_progress':
          throw new ApiError('conflict', 'A request with this Idempotency-Key is in progress; retry once it has finished.', {
            headers: { 'retry-after': '1' },
          });
        case 'replay':
          return new Response(claim.response.body, {
            status: claim.response.status,
            headers: { ...claim.response.headers, 'idempotent-replayed': 'true' },
          });
      }
      const copy = new Request(request.url, { method: request.method, headers: request.headers, body: body as Uint8Array<ArrayBuffer> });
      const response = await operate(copy, transaction);
      if (response.status >= 500) throw new NotStored(response);
      const text = await response.text();
      const headers: Record<string, string> = {};
      for (const name of STORED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      await recordIdempotentResponse(transaction, {
        ...owner,
        ttlSeconds: config().IDEMPOTENCY_TTL_SECONDS,
        response: { status: response.status, headers, body: text },
      });
      return new Response(text, { status: response.status, headers: response.headers });
    });
  } catch (error) {
    if (error instanceof NotStored) return error.response;
    throw error;
  }
}

/** SHA-256 of the canonical request: method, path with query, then the body bytes. */
function hashRequest(request: Request, body: Uint8Array): string {
  const url = new URL(request.url);
  return createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`).update(body).digest('hex');
}

// Expired rows are ignored by the claim anyway; this only keeps the table small.
function cleanUpOccasionally(database: Database): void {
  if (Date.now() - sweeper.lastCleanUp < CLEAN_UP_EVERY_MS) return;
  sweeper.lastCleanUp = Date.now();
  deleteExpiredIdempotencyKeys(database).catch((error: unknown) => logFailure('could not delete expired idempotency keys', failureReason(error)));
}
