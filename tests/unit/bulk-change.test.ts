// The client-paced bulk change (lib/client/bulk-change.ts) over a stand-in client:
// how many requests are in flight, which errors are a pet's own refusal and
// which stop the run, and that a cancel sends nothing more but waits for what was sent.
import { describe, expect, it } from 'vitest';
import { ApiClientError, type PetstoreClient } from '@/lib/client/api-client';
import { runBulkChange, type BulkProgress } from '@/lib/client/bulk-change';

const pets = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Pet ${index + 1}` }));

const conflict = (id: number) => new ApiClientError({ code: 'conflict', status: 409, message: `Pet ${id} has an open order.` });

/** A client whose updatePet answers after a tick, with `answer`'s error if any. */
function fakeClient(answer: (petId: number, attempt: number) => ApiClientError | undefined = () => undefined) {
  const sent: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const attempts = new Map<number, number>();
  const client = {
    async updatePet(petId: number) {
      sent.push(petId);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      const attempt = attempts.get(petId) ?? 0;
      attempts.set(petId, attempt + 1);
      const error = answer(petId, attempt);
      if (error) throw error;
      return { id: petId, name: `Pet ${petId}`, categoryId: 1, status: 'sold' };
    },
  } as unknown as PetstoreClient;
  return { client, sent, mostInFlight: () => mostInFlight };
}

const sold = { kind: 'status', status: 'sold' } as const;

describe('runBulkChange', () => {
  it('changes every pet, six at a time, and lists the refusals with their pets', async () => {
    const fake = fakeClient((petId) => (petId % 10 === 0 ? conflict(petId) : undefined));
    const progress: BulkProgress[] = [];
    const result = await runBulkChange(fake.client, {
      pets: pets(100),
      action: sold,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
    });
    expect(result.changed).toHaveLength(90);
    expect(result.refused.map((refusal) => refusal.pet.id).sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(result.stoppedBy).toBeUndefined();
    expect(fake.mostInFlight()).toBe(6);
    expect(progress.at(-1)).toEqual({ done: 100, changed: 90, refused: 10 });
  });

  it('stops at a 401 and sends nothing more', async () => {
    const unauthorized = new ApiClientError({ code: 'unauthorized', status: 401, message: 'revoked' });
    const fake = fakeClient((petId) => (petId > 20 ? unauthorized : undefined));
    const result = await runBulkChange(fake.client, { pets: pets(100), action: sold, signal: new AbortController().signal, onProgress: () => {} });
    expect(result.stoppedBy).toBe(unauthorized);
    expect(result.changed).toHaveLength(20);
    expect(fake.sent.length).toBeLessThanOrEqual(26);
  });

  it('retries a busy server, then goes on', async () => {
    const busy = new ApiClientError({ code: 'service_unavailable', status: 503, message: 'busy' });
    const fake = fakeClient((petId, attempt) => (petId === 3 && attempt === 0 ? busy : undefined));
    const result = await runBulkChange(fake.client, { pets: pets(5), action: sold, signal: new AbortController().signal, onProgress: () => {} });
    expect(result.changed.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('a cancel sends nothing more, waits for what was sent, and says it was cancelled', async () => {
    const controller = new AbortController();
    const fake = fakeClient();
    const result = await runBulkChange(fake.client, {
      pets: pets(100),
      action: sold,
      signal: controller.signal,
      onProgress: ({ done }) => done === 10 && controller.abort(),
    });
    expect(result.stoppedBy).toBe('cancel');
    expect(result.changed.length).toBe(fake.sent.length);
    expect(fake.sent.length).toBeLessThan(20);
  });
});
