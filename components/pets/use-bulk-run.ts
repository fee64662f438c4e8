'use client';
// A bulk change of the selected pets, from the click to the summary: the
// selection is resolved to pets (every match is read page by page first), the
// change runs (lib/client/bulk-change.ts), and a Cancel stops the sending at
// once; the summary comes when the pets already sent have answered.
import { useRef, useState } from 'react';
import type { ListPetsParams } from '@/lib/client/api-client';
import { asApiError, type BulkAction, type BulkProgress, type BulkResult } from '@/lib/client/bulk-change';
import { useBulkPetChange } from '@/lib/client/hooks';
import { gatherPets, viewPages } from '@/lib/client/pet-pages';
import { usePetstoreClient } from '@/lib/client/provider';
import type { PetSelection } from './use-pet-selection';

export type BulkRunState =
  | { phase: 'idle' }
  | { phase: 'gathering'; action: BulkAction; isStopping: boolean }
  | { phase: 'running'; action: BulkAction; total: number; progress: BulkProgress; isStopping: boolean }
  | { phase: 'done'; action: BulkAction; result: BulkResult; seconds: number };

const NO_PROGRESS: BulkProgress = { done: 0, changed: 0, alreadySo: 0, refused: 0 };
const PROGRESS_EVERY_MS = 100;

export function useBulkRun(selection: PetSelection, params: Omit<ListPetsParams, 'limit' | 'cursor'>) {
  const client = usePetstoreClient();
  const bulkChange = useBulkPetChange();
  const [state, setState] = useState<BulkRunState>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  async function start(action: BulkAction) {
    const controller = new AbortController();
    running.current = controller;
    const startedAt = performance.now();
    const finish = (result: BulkResult) => setState({ phase: 'done', action, result, seconds: (performance.now() - startedAt) / 1000 });
    setState({ phase: 'gathering', action, isStopping: false });
    let pets;
    try {
      pets = selection.allMatching ? await gatherPets(viewPages(client, params), controller.signal) : [...selection.pets.values()];
    } catch (error) {
      running.current = undefined;
      return finish({ total: 0, changed: [], alreadySo: [], refused: [], stoppedBy: controller.signal.aborted ? 'cancel' : asApiError(error) });
    }
    setState({ phase: 'running', action, total: pets.length, progress: NO_PROGRESS, isStopping: controller.signal.aborted });
    // The progress is drawn at most every 100 ms, the latest always: a render per pet would slow the run down.
    let latest = NO_PROGRESS;
    let drawing: ReturnType<typeof setTimeout> | undefined;
    const draw = () => {
      drawing = undefined;
      setState((current) => (current.phase === 'running' ? { ...current, progress: latest } : current));
    };
    const result = await bulkChange.mutateAsync({
      pets,
      action,
      signal: controller.signal,
      onProgress: (progress) => {
        latest = progress;
        drawing ??= setTimeout(draw, PROGRESS_EVERY_MS);
      },
    });
    clearTimeout(drawing);
    running.current = undefined;
    selection.keepMatching(action, result);
    finish(result);
  }

  return {
    state,
    isBusy: state.phase === 'gathering' || state.phase === 'running',
    start: (action: BulkAction) => void start(action),
    /** Stops sending at once; the summary waits for the answers already on their way. */
    cancel() {
      running.current?.abort();
      setState((current) => (current.phase === 'gathering' || current.phase === 'running' ? { ...current, isStopping: true } : current));
    },
    dismiss: () => setState({ phase: 'idle' }),
  };
}
