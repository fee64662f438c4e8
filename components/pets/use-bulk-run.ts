'use client';
// A bulk change of the selected pets, from the click to the summary: the
// selection is resolved to pets (every match is read page by page first), the
// change runs (lib/client/bulk-change.ts), and a Cancel stops the sending at
// once; the summary comes when the pets already sent have answered.
import type { ListPetsParams } from '@/lib/client/api-client';
import { asApiError, type BulkAction, type BulkProgress, type BulkResult } from '@/lib/client/bulk-change';
import { useBulkPetChange } from '@/lib/client/hooks';
import { gatherPets, viewPages } from '@/lib/client/pet-pages';
import { usePetstoreClient } from '@/lib/client/provider';
import { useSelectionRun, type SelectionRunState } from '../selection/use-selection-run';
import type { PetSelection } from './use-pet-selection';

/** `total` is undefined while the selection is still being read (every match, page by page). */
type Running = { action: BulkAction; total: number | undefined; progress: BulkProgress };
type Done = { action: BulkAction; result: BulkResult; seconds: number };
export type BulkRunState = SelectionRunState<Running, Done>;

const NO_PROGRESS: BulkProgress = { done: 0, changed: 0, alreadySo: 0, refused: 0 };
const PROGRESS_EVERY_MS = 100;

export function useBulkRun(selection: PetSelection, params: Omit<ListPetsParams, 'limit' | 'cursor'>) {
  const client = usePetstoreClient();
  const bulkChange = useBulkPetChange();
  const run = useSelectionRun<Running, Done>();

  async function start(action: BulkAction) {
    const startedAt = performance.now();
    const finish = (result: BulkResult) => run.finish({ action, result, seconds: (performance.now() - startedAt) / 1000 });
    const signal = run.begin({ action, total: undefined, progress: NO_PROGRESS });
    let pets;
    try {
      pets = selection.allMatching ? await gatherPets(viewPages(client, params), signal) : [...selection.pets.values()];
    } catch (error) {
      return finish({ total: 0, changed: [], alreadySo: [], refused: [], stoppedBy: signal.aborted ? 'cancel' : asApiError(error) });
    }
    run.show({ total: pets.length });
    // The progress is drawn at most every 100 ms, the latest always: a render per pet would slow the run down.
    let latest = NO_PROGRESS;
    let drawing: ReturnType<typeof setTimeout> | undefined;
    const draw = () => {
      drawing = undefined;
      run.show({ progress: latest });
    };
    const result = await bulkChange.mutateAsync({
      pets,
      action,
      signal,
      onProgress: (progress) => {
        latest = progress;
        drawing ??= setTimeout(draw, PROGRESS_EVERY_MS);
      },
    });
    clearTimeout(drawing);
    selection.keepMatching(action, result);
    finish(result);
  }

  return { state: run.state, isBusy: run.isBusy, start: (action: BulkAction) => void start(action), cancel: run.cancel, dismiss: run.dismiss };
}
