// The chunked bulk change (lib/client/bulk-change.ts) over a stand-in client:
// 50 ids a request, two requests in flight, each pet's refusal its own result,
// which failures of a whole chunk are retried and which stop the run, and that
// a cancel sends nothing more but waits for what was sent.
import { describe, expect, it } from 'vitest';
import { ApiClientError, type PetstoreClient } from '@/lib/client/api-client';
import { runBulkChange, type BulkProgress } from '@/lib/client/bulk-change';

/** `count` pets, the first `soldAlready` of them sold, the others available. */
const pets = (count: number, soldAlready = 0) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: 1,
    status: index < soldAlready ? ('sold' as const) : ('available' as const),
  }));

const conflict = (id: number) => ({ code: 'conflict' as const, status: 409, message: `Pet ${id} has an open order.` });
const notFound = (id: number) => ({ code: 'not_found' as const, status: 404, message: `No pet has id ${id}.` });

type Outcome = 'done' | 'conflict' | 'not_found';

/**
 * A client whose batch calls answer after a tick: `failure` may fail a whole
 * chunk (by its number, from 0, and attempt); `outcome` says what happened to
 * each pet (deleted pets stay deleted: a second delete is a 404).
 */
function fakeClient(options: { failure?: (chunk: number, attempt: number) => ApiClientError | undefined; outcome?: (petId: number) => Outcome } = {}) {
  const chunks: number[][] = [];
  const deleted = new Set<number>();
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let mostInFlight = 0;
  const batches: (string | undefined)[] = [];
  async function answer(ids: number[], isDelete: boolean, batchId: string | undefined) {
    const key = ids.join(',');
    batches.push(batchId);
    const attempt = attempts.get(key) ?? 0;
    attempts.set(key, attempt + 1);
    if (attempt === 0) chunks.push(ids);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    const results = ids.map((id) => {
      if (isDelete && deleted.has(id)) return { id, status: 404, error: notFound(id) };
      const outcome = options.outcome?.(id) ?? 'done';
      if (outcome === 'conflict') return { id, status: 409, error: conflict(id) };
      if (outcome === 'not_found') return { id, status: 404, error: notFound(id) };
      if (isDelete) deleted.add(id);
      return isDelete ? { id, status: 204 } : { id, status: 200, pet: { id, name: `Pet ${id}`, categoryId: 1, status: 'sold' } };
    });
    // A failure after the work: the changes happened, the answer was lost.
    const failure = options.failure?.(
      chunks.findIndex((chunk) => chunk.join(',') === key),
      attempt,
    );
    if (failure) throw failure;
    return { batchId: batchId ?? `batch-${batches.length}`, results };
  }
  const client = {
    updatePets: (ids: number[], _update: unknown, batchId?: string) => answer(ids, false, batchId),
    deletePets: (ids: number[], batchId?: string) => answer(ids, true, batchId),
  } as unknown as PetstoreClient;
  return { client, chunks, batches, mostInFlight: () => mostInFlight };
}

const sold = { kind: 'status', status: 'sold' } as const;
const run = (client: PetstoreClient, count: number, action: Parameters<typeof runBulkChange>[1]['action'] = sold) =>
  runBulkChange(client, { pets: pets(count), action, signal: new AbortController().signal, onProgress: () => {} });

describe('runBulkChange', () => {
  it('sends the first chunk alone and every other one in the batch its answer named', async () => {
    const fake = fakeClient();
    const result = await run(fake.client, 230);
    expect(fake.batches).toEqual([undefined, 'batch-1', 'batch-1', 'batch-1', 'batch-1']);
    expect(result.batchId).toBe('batch-1');
  });

  it('moves pets to a category, counting those in it already apart', async () => {
    const fake = fakeClient();
    const inTarget = pets(60).map((pet) => (pet.id <= 10 ? { ...pet, categoryId: 2 } : pet));
    const action = { kind: 'category', categoryId: 2, categoryName: 'Dogs' } as const;
    const result = await runBulkChange(fake.client, { pets: inTarget, action, signal: new AbortController().signal, onProgress: () => {} });
    expect(result.alreadySo).toHaveLength(10);
    expect(result.changed).toHaveLength(50);
  });

  it('counts the pets already so apart from those it changed and those refused', async () => {
    const fake = fakeClient({ outcome: (petId) => (petId === 99 ? 'conflict' : 'done') });
    const result = await runBulkChange(fake.client, { pets: pets(100, 30), action: sold, signal: new AbortController().signal, onProgress: () => {} });
    expect(result.alreadySo).toEqual(pets(30).map((pet) => pet.id));
    expect(result.refused.map((refusal) => refusal.pet.id)).toEqual([99]);
    expect(result.changed).toHaveLength(69);
  });

  it('sends 50 pets a request, two at a time, and lists the refusals with their pets', async () => {
    const fake = fakeClient({ outcome: (petId) => (petId % 10 === 0 ? 'conflict' : petId === 7 ? 'not_found' : 'done') });
    const progress: BulkProgress[] = [];
    const result = await runBulkChange(fake.client, {
      pets: pets(230),
      action: sold,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(fake.chunks.map((chunk) => chunk.length)).toEqual([50, 50, 50, 50, 30]);
    expect(fake.mostInFlight()).toBe(2);
    expect(result.changed).toHaveLength(230 - 23 - 1);
    expect(result.refused.map((refusal) => refusal.pet.id).sort((a, b) => a - b)).toEqual([7, ...Array.from({ length: 23 }, (_, index) => (index + 1) * 10)]);
    expect(result.refused.find((refusal) => refusal.pet.id === 10)).toMatchObject({
      pet: { name: 'Pet 10' },
      error: { status: 409, message: 'Pet 10 has an open order.' },
    });
    expect(result.stoppedBy).toBeUndefined();
    expect(progress.map((p) => p.done)).toEqual([50, 100, 150, 200, 230]);
    expect(progress.at(-1)).toEqual({ done: 230, changed: 206, alreadySo: 0, refused: 24 });
  });

  it('stops at a 401 and sends nothing more', async () => {
    const unauthorized = new ApiClientError({ code: 'unauthorized', status: 401, message: 'revoked' });
    const fake = fakeClient({ failure: (chunk) => (chunk >= 1 ? unauthorized : undefined) });
    const result = await run(fake.client, 500);
    expect(result.stoppedBy).toBe(unauthorized);
    expect(result.changed).toEqual(pets(50).map((pet) => pet.id));
    // The chunk sent beside the refused one may have gone out too; nothing after.
    expect(fake.chunks.length).toBeLessThanOrEqual(3);
  });

  it('retries a chunk the server was too busy for, then goes on', async () => {
    const busy = new ApiClientError({ code: 'service_unavailable', status: 503, message: 'busy' });
    const fake = fakeClient({ failure: (chunk, attempt) => (chunk === 1 && attempt === 0 ? busy : undefined) });
    const result = await run(fake.client, 120);
    expect(result.changed.sort((a, b) => a - b)).toEqual(pets(120).map((pet) => pet.id));
    expect(result.refused).toEqual([]);
  });

  it('counts a retried delete’s 404 as deleted (its lost answer had deleted it), a first answer’s 404 as refused', async () => {
    const busy = new ApiClientError({ code: 'service_unavailable', status: 503, message: 'busy' });
    const fake = fakeClient({
      failure: (chunk, attempt) => (chunk === 0 && attempt === 0 ? busy : undefined),
      outcome: (petId) => (petId === 60 ? 'not_found' : 'done'),
    });
    const result = await run(fake.client, 100, { kind: 'delete' });
    expect(result.changed).toHaveLength(99);
    expect(result.refused.map((refusal) => refusal.pet.id)).toEqual([60]);
  });

  it('stops after three retries of a chunk', async () => {
    const busy = new ApiClientError({ code: 'service_unavailable', status: 503, message: 'busy' });
    const fake = fakeClient({ failure: () => busy });
    const result = await run(fake.client, 10);
    expect(result.stoppedBy).toBe(busy);
    expect(result.changed).toEqual([]);
  }, 10_000);

  it('a cancel sends nothing more, waits for what was sent, and says it was cancelled', async () => {
    const controller = new AbortController();
    const fake = fakeClient();
    const result = await runBulkChange(fake.client, {
      pets: pets(1000),
      action: sold,
      signal: controller.signal,
      onProgress: ({ done }) => done === 50 && controller.abort(),
    });
    expect(result.stoppedBy).toBe('cancel');
    expect(result.changed.length).toBe(fake.chunks.flat().length);
    expect(fake.chunks.length).toBeLessThanOrEqual(3);
  });
});
