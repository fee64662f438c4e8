'use client';
// What every bulk run over a selection shares: one run at a time, its state from
// the click to the summary, Stop ending the sending at once (the summary waits for
// the answers already on their way) and Dismiss clearing the summary. The pets'
// and the orders' runs (use-bulk-run.ts, use-order-bulk-run.ts) add their work.
import { useRef, useState } from 'react';

export type SelectionRunState<Running, Done> = { phase: 'idle' } | ({ phase: 'running'; isStopping: boolean } & Running) | ({ phase: 'done' } & Done);

export function useSelectionRun<Running extends object, Done extends object>() {
  const [state, setState] = useState<SelectionRunState<Running, Done>>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  return {
    state,
    isBusy: state.phase === 'running',
    /** Shows the run as started; the signal aborts when Stop is pressed. */
    begin(shown: Running): AbortSignal {
      const controller = new AbortController();
      running.current = controller;
      setState({ phase: 'running', isStopping: false, ...shown });
      return controller.signal;
    },
    /** Draws the run's progress while it runs. */
    show(change: Partial<Running>) {
      setState((current) => (current.phase === 'running' ? { ...current, ...change } : current));
    },
    finish(done: Done) {
      running.current = undefined;
      setState({ phase: 'done', ...done });
    },
    cancel() {
      running.current?.abort();
      setState((current) => (current.phase === 'running' ? { ...current, isStopping: true } : current));
    },
    dismiss: () => setState({ phase: 'idle' }),
  };
}
