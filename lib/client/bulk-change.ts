// A change to many pets, paced by the client: one PATCH or DELETE /v1/pets/{id}
// per pet, a few in flight at once, so each pet's change is a change of its own
// (its own live update and activity entry, the same rules as a single edit) and
// the server needs no bulk operation (README, "Bulk work"). A refusal by the
// rules (409, or 404 for a pet gone meanwhile) is that pet's outcome; anything
// else (the session ended, the role, the server) stops the run, as the
// caller's signal does. Pets already sent are always waited for, so the count
// of changed pets is exact.
import type { Pet, PetStatus } from '../contract/pets';
import { ApiClientError, type PetstoreClient } from './api-client';

export type BulkAction = { kind: 'status'; status: PetStatus | null } | { kind: 'delete' };

export type BulkRefusal = { pet: Pick<Pet, 'id' | 'name'>; error: ApiClientError };

export type BulkProgress = { done: number; changed: number; refused: number };

export type BulkResult = {
  total: number;
  /** The ids of the pets changed (or deleted), in the order their answers came. */
  changed: number[];
  refused: BulkRefusal[];
  /** Why the run ended early: the caller cancelled, or an error that is no pet's own. */
  stoppedBy?: 'cancel' | ApiClientError;
};

// A browser opens at most six HTTP/1.1 connections to one host (the change feed holds one):
// more in flight would only queue in the browser.
const IN_FLIGHT = 6;
// A busy server (503), a full bucket (429) or a dropped connection is retried a few times before the run stops.
const RETRIES = 3;
const RETRY_DELAY_MS = 500;

const isPetsOwnRefusal = (error: ApiClientError) => error.status === 404 || error.status === 409;
const isTransient = (error: ApiClientError) => error.status === 0 || error.status === 429 || error.status === 503;

export async function runBulkChange(
  client: PetstoreClient,
  options: { pets: Pick<Pet, 'id' | 'name'>[]; action: BulkAction; signal: AbortSignal; onProgress: (progress: BulkProgress) => void },
): Promise<BulkResult> {
  const { pets, action, signal, onProgress } = options;
  const changed: number[] = [];
  const refused: BulkRefusal[] = [];
  let stoppedBy: ApiClientError | undefined;
  let next = 0;

  async function apply(petId: number, attempt = 0): Promise<void> {
    try {
      if (action.kind === 'delete') await client.deletePet(petId);
      else await client.updatePet(petId, { status: action.status });
    } catch (error) {
      if (!(error instanceof ApiClientError) || !isTransient(error) || attempt >= RETRIES || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (attempt + 1)));
      // A delete whose first answer was lost may have happened: its retry's 404 means it did.
      return apply(petId, attempt + 1).catch((retryError: unknown) => {
        if (action.kind === 'delete' && retryError instanceof ApiClientError && retryError.status === 404) return;
        throw retryError;
      });
    }
  }

  async function worker(): Promise<void> {
    while (next < pets.length && !signal.aborted && !stoppedBy) {
      const pet = pets[next++]!;
      try {
        await apply(pet.id);
        changed.push(pet.id);
      } catch (error) {
        const apiError = asApiError(error);
        if (!isPetsOwnRefusal(apiError)) {
          stoppedBy ??= apiError;
          return;
        }
        refused.push({ pet: { id: pet.id, name: pet.name }, error: apiError });
      }
      onProgress({ done: changed.length + refused.length, changed: changed.length, refused: refused.length });
    }
  }

  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, pets.length) }, worker));
  return {
    total: pets.length,
    changed,
    refused,
    stoppedBy: stoppedBy ?? (signal.aborted && changed.length + refused.length < pets.length ? 'cancel' : undefined),
  };
}

/** Whatever failed, as the client's error (a thrown non-API error reads as the server being unreachable). */
export function asApiError(error: unknown): ApiClientError {
  if (error instanceof ApiClientError) return error;
  return new ApiClientError({ code: 'internal_error', status: 0, message: error instanceof Error ? error.message : String(error) });
}
