// A change to many pets, sent in chunks: PATCH or DELETE /v1/pets?id=… with 50
// ids at a time, two chunks in flight. The server changes each pet on its own
// (its own transaction, live update and activity entry, the same rules as a
// single edit) and answers one result per pet (docs/DASHBOARD.md, "Bulk work"). A refusal
// by the rules (409, or 404 for a pet gone meanwhile) is that pet's outcome;
// a chunk that fails as a whole for a reason that passes (503, 429, the
// network) is sent again a few times; anything else (the session ended, the
// role) stops the run, as the caller's signal does. Chunks already sent are
// always waited for, so the count of changed pets is exact.
import type { Pet, PetBatchDeleteResults, PetBatchUpdateResults, PetStatus, PetUpdate } from '../contract/pets';
import { ApiClientError, type PetstoreClient } from './api-client';

export type BulkAction =
  | { kind: 'status'; status: PetStatus | null }
  | { kind: 'category'; categoryId: number; categoryName: string }
  | { kind: 'tag'; change: 'add' | 'remove'; tag: string }
  | { kind: 'delete' };

/** The patch a change sends for each pet: a tag is added to or taken from the tags each pet has. */
function patchOf(action: Exclude<BulkAction, { kind: 'delete' }>): PetUpdate {
  if (action.kind === 'status') return { status: action.status };
  if (action.kind === 'category') return { categoryId: action.categoryId };
  return action.change === 'add' ? { addTags: [action.tag] } : { removeTags: [action.tag] };
}

type BulkRefusal = { pet: Pick<Pet, 'id' | 'name'>; error: ApiClientError };

export type BulkProgress = { done: number; changed: number; alreadySo: number; refused: number };

/** A pet as the selection holds it: its status and category then tell a change from a pet already so. */
export type BulkPet = Pick<Pet, 'id' | 'name' | 'status' | 'categoryId'>;

export type BulkResult = {
  total: number;
  /** The ids of the pets changed (or deleted), in the order their answers came. */
  changed: number[];
  /** The ids of the pets that already had the status or category asked for (the server leaves them as they are, and logs nothing). */
  alreadySo: number[];
  refused: BulkRefusal[];
  /** Why the run ended early: the caller cancelled, or an error that is no pet's own. */
  stoppedBy?: 'cancel' | ApiClientError;
  /** The run's batch (every chunk's changes), for POST /v1/activity/batches/{batchId}/restore; absent when no chunk was answered. */
  batchId?: string;
};

// 50 ids a request: the progress bar moves 20 times for 1,000 pets, and Cancel
// waits for two chunks at most. Two in flight keep the server's four-at-once
// per request (lib/domain/batch.ts) busy while an answer travels back.
const CHUNK = 50;
const IN_FLIGHT = 2;
// A busy server (503), a full bucket (429) or a dropped connection is retried a few times before the run stops.
const RETRIES = 3;
const RETRY_DELAY_MS = 500;

const isTransient = (error: ApiClientError) => error.status === 0 || error.status === 429 || error.status === 503;

/** One pet's result in a chunk's answer. */
type PetResult = PetBatchUpdateResults['results'][number] | PetBatchDeleteResults['results'][number];

export async function runBulkChange(
  client: PetstoreClient,
  options: { pets: BulkPet[]; action: BulkAction; signal: AbortSignal; onProgress: (progress: BulkProgress) => void },
): Promise<BulkResult> {
  const { pets, action, signal, onProgress } = options;
  const changed: number[] = [];
  const alreadySo: number[] = [];
  const refused: BulkRefusal[] = [];
  let stoppedBy: ApiClientError | undefined;
  let next = 0;

  // One run is one batch (one undo): the first chunk goes alone, and the others join the
  // batch its answer names (a first chunk retried after a lost answer may start a second one).
  let batchId: string | undefined;
  let firstAnswer: Promise<unknown> | undefined;
  const send = async (ids: number[]): Promise<PetResult[]> => {
    const answer = action.kind === 'delete' ? await client.deletePets(ids, batchId) : await client.updatePets(ids, patchOf(action), batchId);
    batchId ??= answer.batchId;
    return answer.results;
  };
  const hadAlready = (pet: BulkPet) =>
    (action.kind === 'status' && (pet.status ?? null) === action.status) || (action.kind === 'category' && pet.categoryId === action.categoryId);

  /** The chunk's results, and whether they came from a retry (a pet changed by a lost answer is then a no-change, or for a delete a 404). */
  async function apply(ids: number[], attempt = 0): Promise<{ results: PetResult[]; isRetry: boolean }> {
    try {
      return { results: await send(ids), isRetry: attempt > 0 };
    } catch (error) {
      if (!(error instanceof ApiClientError) || !isTransient(error) || attempt >= RETRIES || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
      return apply(ids, attempt + 1);
    }
  }

  async function worker(): Promise<void> {
    while (next < pets.length && !signal.aborted && !stoppedBy) {
      // Every chunk but the first waits for the first one's answer, whose batch it joins.
      if (firstAnswer) {
        await firstAnswer;
        if (next >= pets.length || signal.aborted || stoppedBy) return;
      }
      const chunk = pets.slice(next, next + CHUNK);
      next += chunk.length;
      const sending = apply(chunk.map((pet) => pet.id));
      firstAnswer ??= sending.catch(() => undefined);
      let answer;
      try {
        answer = await sending;
      } catch (error) {
        stoppedBy ??= asApiError(error);
        return;
      }
      const asSelected = new Map(chunk.map((pet) => [pet.id, pet]));
      for (const result of answer.results) {
        const before = asSelected.get(result.id)!;
        // A delete sent again after a lost answer may have happened the first time: its 404 means it did.
        if (action.kind === 'delete' && answer.isRetry && result.status === 404) changed.push(result.id);
        else if ('error' in result) refused.push({ pet: { id: result.id, name: before.name }, error: new ApiClientError(result.error) });
        // A status or category the pet already had is no change (no activity entry either).
        else if (hadAlready(before)) alreadySo.push(result.id);
        else changed.push(result.id);
      }
      const done = changed.length + alreadySo.length + refused.length;
      onProgress({ done, changed: changed.length, alreadySo: alreadySo.length, refused: refused.length });
    }
  }

  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, Math.ceil(pets.length / CHUNK)) }, worker));
  return {
    total: pets.length,
    changed,
    alreadySo,
    refused,
    ...(batchId && { batchId }),
    stoppedBy: stoppedBy ?? (signal.aborted && changed.length + alreadySo.length + refused.length < pets.length ? 'cancel' : undefined),
  };
}

/** Whatever failed, as the client's error (a thrown non-API error reads as the server being unreachable). */
export function asApiError(error: unknown): ApiClientError {
  if (error instanceof ApiClientError) return error;
  return new ApiClientError({ code: 'internal_error', status: 0, message: error instanceof Error ? error.message : String(error) });
}
