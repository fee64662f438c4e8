'use client';
// ExportPetsButton: "Export CSV" of the current view (every page of its
// filters, in its order), or of the selected pets (the bulk bar's "Export"). Where the browser can write a file as it goes
// (showSaveFilePicker), pages stream into it; elsewhere they are gathered into
// a Blob and downloaded at the end. Progress and a Cancel show in a corner
// while it runs.
import { Download, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PetstoreClient } from '@/lib/client/api-client';
import { usePetstoreClient } from '@/lib/client/provider';
import type { PetWithIncluded } from '@/lib/contract/pets';
import { useCategoryName } from '../categories/category-names';
import { errorsFromApi } from '../form-errors';
import { formatCount } from '../format';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import type { CsvSink } from './pets-csv';

// The CSV writer (csv-stringify) stays out of the list's first load; hovering or focusing the button fetches it early.
const loadCsv = () => import('./pets-csv');

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; written: number }
  | { phase: 'done'; written: number }
  | { phase: 'cancelled'; written: number }
  | { phase: 'failed'; message: string };

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable: () => Promise<{ write: (text: string) => Promise<void>; close: () => Promise<void>; abort: () => Promise<void> }> }>;

/** A sink into a file the user picks, or undefined where the browser has no such picker. */
async function fileSink(name: string): Promise<(CsvSink & { finish: () => Promise<void>; abandon: () => Promise<void> }) | undefined> {
  const pick = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (!pick) return undefined;
  const handle = await pick({ suggestedName: name, types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }] });
  const file = await handle.createWritable();
  return { write: (text) => file.write(text), finish: () => file.close(), abandon: () => file.abort() };
}

function blobSink(name: string) {
  const parts: string[] = [];
  return {
    write: async (text: string) => void parts.push(text),
    finish: async () => {
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    abandon: async () => {},
  };
}

export function ExportPetsButton({
  pages,
  total,
  label = 'Export CSV',
  size,
}: {
  /** The pets to write, page by page (lib/client/pet-pages.ts). */
  pages: (client: PetstoreClient) => AsyncIterable<PetWithIncluded[]>;
  total: number | undefined;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const client = usePetstoreClient();
  const categoryName = useCategoryName();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  /** Says so at once: a page still on its way is dropped when it comes. */
  function cancel() {
    running.current?.abort();
    setState((current) => ({ phase: 'cancelled', written: current.phase === 'running' ? current.written : 0 }));
  }

  async function start() {
    let csv;
    try {
      csv = await loadCsv();
    } catch {
      return setState({ phase: 'failed', message: 'The export could not be loaded. Check the connection and try again.' });
    }
    const { csvFileName, writePetsCsv } = csv;
    const name = csvFileName(new Date());
    let sink;
    try {
      sink = (await fileSink(name)) ?? blobSink(name);
    } catch {
      return; // The user closed the file picker.
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', written: 0 });
    try {
      const written = await writePetsCsv({
        pages: pages(client),
        categoryName,
        sink,
        signal: controller.signal,
        onProgress: (count) => {
          if (controller.signal.aborted) return;
          setState({ phase: 'running', written: count });
        },
      });
      if (controller.signal.aborted) return void (await sink.abandon());
      await sink.finish();
      setState({ phase: 'done', written });
    } catch (error) {
      await sink.abandon();
      if (!controller.signal.aborted) setState({ phase: 'failed', message: errorsFromApi(error).message ?? 'The export failed.' });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  }

  return (
    <>
      <Button variant="secondary" size={size} onClick={() => void start()} onPointerEnter={loadCsv} onFocus={loadCsv} disabled={state.phase === 'running'}>
        <Download aria-hidden />
        {state.phase === 'running' ? 'Exporting…' : label}
      </Button>
      {/* A toast in the corner: the list stays usable while the export runs. */}
      <div className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100%-2rem))] shadow-lg empty:hidden">
        {state.phase === 'running' && (
          <Notice
            tone="info"
            title="Exporting pets"
            action={
              <Button variant="ghost" size="sm" onClick={cancel}>
                <X aria-hidden />
                Cancel
              </Button>
            }
          >
            <progress
              className="mt-1 h-2 w-full accent-indigo-600"
              aria-label="Export progress"
              max={total ?? undefined}
              value={total === undefined ? undefined : state.written}
            />
            <span className="tabular-nums">
              {formatCount(state.written)}
              {total !== undefined && ` of ${formatCount(total)}`} pets written
            </span>
          </Notice>
        )}
        {state.phase === 'done' && (
          <Notice tone="success" title="Export finished" onDismiss={() => setState({ phase: 'idle' })}>
            {formatCount(state.written)} pets written to the CSV file.
          </Notice>
        )}
        {state.phase === 'cancelled' && (
          <Notice tone="info" title="Export cancelled" onDismiss={() => setState({ phase: 'idle' })}>
            No file was saved ({formatCount(state.written)} pets had been read).
          </Notice>
        )}
        {state.phase === 'failed' && (
          <Notice tone="error" title="The export stopped" onDismiss={() => setState({ phase: 'idle' })}>
            {state.message}
          </Notice>
        )}
      </div>
    </>
  );
}
