// Safe retries of POSTs with an `Idempotency-Key` header
// (draft-ietf-httpapi-idempotency-key-header): the first answer (2xx or 4xx) is
// stored for IDEMPOTENCY_TTL_SECONDS and replayed, byte for byte, to a retry with
// the same key and the same request; another request under a used key, or a
// retry while the first is still running, is a 409. Keys belong to the API key
// that sent them. A 5xx is not stored: the claim is released so a retry can succeed.
import { createHash } from 'node:crypto';
import type { Caller } from './auth';
import { readBodyBytes } from './body';
import { ApiError } from './errors';
import { now } from '../clock';
import { config } from '../config';
import { db, type Database } from '../db/client';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  recordIdempotentResponse,
  releaseIdempotencyKey,
} from '../idempotency';
import { log } from '../log';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
// Answers a replay repeats; the wrapper adds the rest (request id, rate limits) afresh.
const STORED_HEADERS = ['content-type', 'location', 'link', 'allow', 'www-authenticate', 'retry-after'];
const CLEAN_UP_EVERY_MS = 60_000;
let lastCleanUp = 0;

/** Runs `operate` at most once per (API key, Idempotency-Key); without the header, just runs it. */
export async function idempotently(
  request: Request,
  caller: Caller,
  operate: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  // Keys are scoped to an API key: an operation open to all (keyId 0) has none.
  if (key === null || caller.keyId === 0) return operate(request);
  if (!VALID_KEY.test(key)) {
    throw new ApiError('invalid_request', 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.', {
      details: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }],
    });
  }
  const body = await readBodyBytes(request);
  const owner = { apiKeyId: caller.keyId, key };
  const database = await db();
  const at = now();
  cleanUpOccasionally(database, at);

  const claim = await claimIdempotencyKey(database, {
    ...owner,
    requestHash: hashRequest(request, body),
    at,
    ttlSeconds: config().IDEMPOTENCY_TTL_SECONDS,
  });
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

  let response: Response;
  try {
    const copy = new Request(request.url, { method: request.method, headers: request.headers, body: body as Uint8Array<ArrayBuffer> });
    response = await operate(copy);
  } catch (error) {
    await releaseIdempotencyKey(database, owner);
    throw error;
  }
  if (response.status >= 500) {
    await releaseIdempotencyKey(database, owner);
    return response;
  }
  const text = await response.text();
  const headers: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await recordIdempotentResponse(database, owner, { status: response.status, headers, body: text });
  return new Response(text, { status: response.status, headers: response.headers });
}

/** SHA-256 of the canonical request: method, path with query, then the body bytes. */
function hashRequest(request: Request, body: Uint8Array): string {
  const url = new URL(request.url);
  return createHash('sha256').update(`${request.method} ${url.pathname}${url.search}\n`).update(body).digest('hex');
}

// Expired rows are ignored by the claim anyway; this only keeps the table small.
function cleanUpOccasionally(database: Database, at: Date): void {
  if (Date.now() - lastCleanUp < CLEAN_UP_EVERY_MS) return;
  lastCleanUp = Date.now();
  deleteExpiredIdempotencyKeys(database, at).catch((error: unknown) =>
    log.warn({ err: error }, 'could not delete expired idempotency keys'),
  );
}
