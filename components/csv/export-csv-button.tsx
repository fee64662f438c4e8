'use client';
// ExportCsvButton: "Export CSV" of a list: every page of its current view (or of a
// selection), in its order. Where the browser can write a file as it goes
// (showSaveFilePicker), pages stream into it; elsewhere they are gathered into a
// Blob and downloaded at the end. Progress and a Cancel show in a corner while it runs.
import { Download, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PetstoreClient } from '@/lib/client/api-client';
import { usePetstoreClient } from '@/lib/client/provider';
import { errorsFromApi } from '../form-errors';
import { formatCount } from '../format';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import type { CsvColumns, CsvSink } from './csv-writer';

// The CSV writer (csv-stringify) stays out of the list's first load; hovering or focusing the button fetches it early.
const loadCsv = () => import('./csv-writer');

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

export function ExportCsvButton<Item>({
  what,
  fileStem,
  pages,
  columns,
  total,
  label = 'Export CSV',
  size,
}: {
  /** What the rows are, in the plural ("pets"), for the progress and the outcome. */
  what: string;
  /** The file's name before its time stamp ("pets-2026-11-29-12-00-00.csv"). */
  fileStem: string;
  /** The items to write, page by page. */
  pages: (client: PetstoreClient) => AsyncIterable<Item[]>;
  columns: CsvColumns<Item>;
  total: number | undefined;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const client = usePetstoreClient();
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
    const { csvFileName, writeCsv } = csv;
    const name = csvFileName(fileStem, new Date());
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
      const written = await writeCsv({
        pages: pages(client),
        columns,
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
            title={`Exporting ${what}`}
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
              {total !== undefined && ` of ${formatCount(total)}`} {what} written
            </span>
          </Notice>
        )}
        {state.phase === 'done' && (
          <Notice tone="success" title="Export finished" onDismiss={() => setState({ phase: 'idle' })}>
            {formatCount(state.written)} {what} written to the CSV file.
          </Notice>
        )}
        {state.phase === 'cancelled' && (
          <Notice tone="info" title="Export cancelled" onDismiss={() => setState({ phase: 'idle' })}>
            No file was saved ({formatCount(state.written)} {what} had been read).
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
