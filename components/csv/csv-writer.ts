// A CSV export: pages of items (a view of a list, or a selection), written page by page
// to a sink (a file the user picked, or the parts of a Blob), so a large export neither
// waits for the whole list nor holds it twice. Loaded only when an export starts.
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvSink = { write: (text: string) => Promise<void> };

/** The columns of an export: their header, and an item's cells in the same order. */
export type CsvColumns<Item> = { header: readonly string[]; row: (item: Item) => unknown[] };

/** Writes the header and every item of the pages; returns how many items were written. */
export async function writeCsv<Item>(options: {
  pages: AsyncIterable<Item[]>;
  columns: CsvColumns<Item>;
  sink: CsvSink;
  onProgress: (written: number) => void;
  signal: AbortSignal;
}): Promise<number> {
  const { pages, columns, sink, onProgress, signal } = options;
  await sink.write(stringify([[...columns.header]]));
  let written = 0;
  signal.throwIfAborted();
  for await (const page of pages) {
    signal.throwIfAborted();
    // A value like "=HYPERLINK(…)" stays text in a spreadsheet.
    await sink.write(stringify(page.map(columns.row), { escape_formulas: true }));
    written += page.length;
    onProgress(written);
  }
  return written;
}

export function csvFileName(stem: string, at: Date): string {
  return `${stem}-${at.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.csv`;
}
