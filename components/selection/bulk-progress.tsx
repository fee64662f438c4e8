'use client';
// BulkProgress: what a bulk run over a selection shows while it goes. A line says
// what runs and how far (or that it is stopping), a button ends the sending, and a
// progress bar says the same to a screen reader. Shared by the pets and orders lists and
// the Import page.
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { BAR } from './selection-bar';

type Props = {
  /** The line above the bar. */
  status: ReactNode;
  /** How far the run is, once its total is known; `text` as "12 of 40 pets". */
  progress?: { done: number; total: number; text: string };
  /** The button's word: "Stop", where "Cancel" is already one of the bar's actions. */
  stopLabel: 'Stop' | 'Cancel';
  isStopping: boolean;
  onStop: () => void;
  /** The region's name (the bar's is it and "progress"). */
  label?: string;
};

export function BulkProgress({ status, progress, stopLabel, isStopping, onStop, label = 'Bulk change' }: Props) {
  const share = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;
  return (
    <section aria-label={label} className={`${BAR} space-y-2`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium tabular-nums">{status}</p>
        <Button variant="secondary" size="sm" onClick={onStop} disabled={isStopping}>
          <X aria-hidden />
          {stopLabel}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={progress?.total}
        aria-valuenow={progress?.done}
        aria-valuetext={progress?.text}
        className="h-2 overflow-hidden rounded-full bg-indigo-200 dark:bg-indigo-900"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${share}%` }} />
      </div>
    </section>
  );
}
