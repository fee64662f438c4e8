// Reading a CSV file in the browser as the import's server reads it: csv-parse's browser
// build with the import's own options and delimiter rule (lib/import-csv.ts).
import { parse } from 'csv-parse/browser/esm/sync';
import { csvOptions, delimiterOf, type Delimiter } from '@/lib/import-csv';
import { columnNamed, type ImportColumn } from '@/lib/contract/imports';

const read = (text: string, options: { delimiter?: Delimiter; to?: number } = {}): string[][] =>
  parse(text, { ...csvOptions(options.delimiter ?? delimiterOf(text)), to: options.to });

/** A header cell, and the column the server reads it as (none: ignored). */
type HeaderCell = { header: string; column?: ImportColumn };

export type FirstRows = { header: HeaderCell[]; rows: string[][] };

// Enough of the file for the first rows of any sensible file; a record cut at the end is dropped.
const HEAD_BYTES = 64 * 1024;

/** The header and the first `count` rows of a file, or why they cannot be read. */
export async function readFirstRows(file: Blob, count: number): Promise<FirstRows | { problem: string }> {
  const isWhole = file.size <= HEAD_BYTES;
  let text = await file.slice(0, HEAD_BYTES).text();
  // A cut file ends at its last whole line.
  if (!isWhole) text = text.slice(0, Math.max(text.lastIndexOf('\n'), 0));
  try {
    const [header = [], ...rows] = read(text, { to: count + 1 });
    return { header: header.map((cell) => ({ header: cell, column: columnNamed(cell) })), rows };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** The errors CSV of an import (`row`, the file's own columns, `reason`), as rows of cells. */
export function readErrorsCsv(text: string): { header: string[]; rows: string[][] } {
  const [header = [], ...rows] = read(text, { delimiter: ',' });
  return { header, rows };
}
