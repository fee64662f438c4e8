'use client';
// ExportCsvButton: "Export CSV" of a list (the pets', the orders'): every page
// of its view, or of a selection. Where the browser can write a file as it goes
// (showSaveFilePicker), pages stream into it; elsewhere they are gathered into
// a Blob and downloaded at the end. Progress and a Cancel show in a corner
// while it runs. What goes into the file is the caller's `write`.
import { Download, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PetstoreClient } from '@/lib/client/api-client';
import { usePetstoreClient } from '@/lib/client/provider';
import { errorsFromApi } from './form-errors';
import { formatCount } from './format';
import { Button } from './ui/button';
import { Notice } from './ui/notice';

export type CsvSink = { write: (text: string) => Promise<void> };

/** Writes the file's rows to the sink, page by page; returns how many rows were written. */
export type CsvWriter = (options: { client: PetstoreClient; sink: CsvSink; signal: AbortSignal; onProgress: (written: number) => void }) => Promise<number>;

/** "pets-2026-11-29-13-05-00.csv": what the file holds and when it was made. */
function csvFileName(stem: string, at: Date): string {
  return `${stem}-${at.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.csv`;
}

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

export function ExportCsvButton({
  load,
  fileStem,
  noun,
  total,
  label = 'Export CSV',
  size,
}: {
  /** The writer, loaded on demand: the CSV code (csv-stringify) stays out of the list's first load; hovering or focusing the button fetches it early. */
  load: () => Promise<CsvWriter>;
  fileStem: string;
  /** What a row is, in the plural ("pets"). */
  noun: string;
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
    let write;
    try {
      write = await load();
    } catch {
      return setState({ phase: 'failed', message: 'The export could not be loaded. Check the connection and try again.' });
    }
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
      const written = await write({
        client,
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
      <Button
        variant="secondary"
        size={size}
        onClick={() => void start()}
        onPointerEnter={() => void load().catch(() => {})}
        onFocus={() => void load().catch(() => {})}
        disabled={state.phase === 'running'}
      >
        <Download aria-hidden />
        {state.phase === 'running' ? 'Exporting…' : label}
      </Button>
      {/* A toast in the corner: the list stays usable while the export runs. */}
      <div className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100%-2rem))] shadow-lg empty:hidden">
        {state.phase === 'running' && (
          <Notice
            tone="info"
            title={`Exporting ${noun}`}
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
              {total !== undefined && ` of ${formatCount(total)}`} {noun} written
            </span>
          </Notice>
        )}
        {state.phase === 'done' && (
          <Notice tone="success" title="Export finished" onDismiss={() => setState({ phase: 'idle' })}>
            {formatCount(state.written)} {noun} written to the CSV file.
          </Notice>
        )}
        {state.phase === 'cancelled' && (
          <Notice tone="info" title="Export cancelled" onDismiss={() => setState({ phase: 'idle' })}>
            No file was saved ({formatCount(state.written)} {noun} had been read).
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
