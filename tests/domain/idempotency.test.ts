// lib/domain/idempotency.ts in-process on an in-memory PGlite: a claimed key's answer
// is stored in the transaction that made its effect (so a rolled-back effect
// leaves no answer), replayed for the same request, refused for another, and
// forgotten once expired. The concurrent in-progress case needs two sessions:
// tests/api/idempotency.test.ts covers it over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { claimIdempotencyKey, deleteExpiredIdempotencyKeys, recordIdempotentResponse, type StoredResponse } from '@/lib/domain/idempotency';
import { createApiKey } from '@/lib/domain/api-keys';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;
let apiKeyId: number;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
  ({ id: apiKeyId } = (await createApiKey(database, { name: 'idempotency', scopes: ['write'] })).apiKey);
});
afterAll(() => close());

const at = new Date('2026-01-01T00:00:00Z');
const answer: StoredResponse = { status: 201, headers: { location: '/v1/pets/1' }, body: '{"id":1}' };

/** Claims `key` in a transaction and, if claimed, records `answer` (or throws to roll back). */
async function runOnce(key: string, requestHash: string, options: { rollBack?: boolean; when?: Date } = {}) {
  const when = options.when ?? at;
  return database
    .transaction(async (transaction) => {
      const claim = await claimIdempotencyKey(transaction, { apiKeyId, key, requestHash, at: when });
      if (claim.outcome === 'claimed') {
        await recordIdempotentResponse(transaction, { apiKeyId, key, requestHash, at: when, ttlSeconds: 60, response: answer });
        if (options.rollBack) throw new Error('rolled back');
      }
      return claim;
    })
    .catch((error: Error) => ({ outcome: error.message }));
}

describe('Idempotency-Key records', () => {
  it('claims a new key, then replays its stored answer for the same request', async () => {
    expect(await runOnce('first', 'hash-a')).toEqual({ outcome: 'claimed' });
    expect(await runOnce('first', 'hash-a')).toEqual({ outcome: 'replay', response: answer });
  });

  it('refuses the same key with another request', async () => {
    await runOnce('second', 'hash-a');
    expect(await runOnce('second', 'hash-b')).toEqual({ outcome: 'mismatch' });
  });

  it('stores nothing when the transaction rolls back, so a retry runs again', async () => {
    expect(await runOnce('third', 'hash-a', { rollBack: true })).toEqual({ outcome: 'rolled back' });
    expect(await runOnce('third', 'hash-a')).toEqual({ outcome: 'claimed' });
  });

  it('claims a key again once its answer has expired, and the sweep forgets it', async () => {
    await runOnce('fourth', 'hash-a');
    const later = new Date(at.getTime() + 61_000);
    expect(await runOnce('fourth', 'hash-b', { when: later })).toEqual({ outcome: 'claimed' });
    await deleteExpiredIdempotencyKeys(database, new Date(later.getTime() + 61_000));
    expect(await runOnce('fourth', 'hash-c', { when: later })).toEqual({ outcome: 'claimed' });
  });

  it('keeps one key apart per API key', async () => {
    const { id: otherKeyId } = (await createApiKey(database, { name: 'other', scopes: ['write'] })).apiKey;
    await runOnce('shared', 'hash-a');
    const claim = await database.transaction((transaction) =>
      claimIdempotencyKey(transaction, { apiKeyId: otherKeyId, key: 'shared', requestHash: 'hash-b', at }),
    );
    expect(claim).toEqual({ outcome: 'claimed' });
  });
});
