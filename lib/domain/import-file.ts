// A CSV file of pets to import (docs/API.md, "Imports"): checked whole before any job
// exists (UTF-8, a header with `name`, at most MAX_IMPORT_ROWS rows), then read again
// batch by batch by whichever instance runs the job. Parsing is csv-parse's; the columns
// are the dashboard's export's (components/pets/export-pets-button.tsx), matched by header.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { MAX_IMPORT_ROWS } from '../contract/limits.mjs';
import type { ErrorCode } from '../contract/errors';

import { IMPORT_COLUMNS, columnNamed, type ImportColumn } from '../contract/imports';
import { csvOptions, delimiterOf, type Delimiter } from '../import-csv';

export type { Delimiter, ImportColumn };

/** What the check found: the header as written, its delimiter, the rows, the columns ignored. */
export type ImportFile = { columns: string[]; delimiter: Delimiter; rows: number; ignoredColumns: string[] };

type Refusal = { ok: false; problem: ErrorCode; message: string };
export type FileCheck = { ok: true; value: ImportFile } | Refusal;

const refusal = (problem: ErrorCode, message: string): Refusal => ({ ok: false, problem, message });

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Where each known column is in a row of this header. */
export function columnIndexes(columns: string[]): Partial<Record<ImportColumn, number>> {
  const indexes: Partial<Record<ImportColumn, number>> = {};
  columns.forEach((header, index) => {
    const column = columnNamed(header);
    if (column && indexes[column] === undefined) indexes[column] = index;
  });
  return indexes;
}

function withoutBom(bytes: Uint8Array): Uint8Array {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
}

/** Every record of the file, the header first, as csv-parse reads it (a stream: the event loop is never held for long). */
export function recordsOf(bytes: Uint8Array, delimiter: Delimiter): AsyncIterable<string[]> {
  return Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]).pipe(parse(csvOptions(delimiter)));
}

/**
 * Checks a file before any job exists: UTF-8 (a BOM allowed), a header line that names
 * `name`, no known column twice, well-formed CSV, at most MAX_IMPORT_ROWS rows.
 */
export async function checkImportFile(bytes: Uint8Array): Promise<FileCheck> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(withoutBom(bytes));
  } catch {
    return refusal('invalid_request', 'The file is not UTF-8: save it from the spreadsheet as "CSV UTF-8" and send it again.');
  }
  if (text.trim() === '') return refusal('invalid_request', 'The file is empty: it needs a header line with at least a `name` column.');
  const delimiter = delimiterOf(text);
  let columns: string[] | undefined;
  let rows = 0;
  try {
    for await (const record of recordsOf(bytes, delimiter)) {
      if (!columns) {
        columns = record;
        const problem = headerProblem(columns);
        if (problem) return refusal('invalid_request', problem);
        continue;
      }
      if (++rows > MAX_IMPORT_ROWS) {
        return refusal('payload_too_large', `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; split it into files of at most that many.`);
      }
    }
  } catch (error) {
    return refusal('invalid_request', `The file is not well-formed CSV: ${(error as Error).message}`);
  }
  if (!columns) return refusal('invalid_request', 'The file is empty: it needs a header line with at least a `name` column.');
  const ignoredColumns = columns.filter((header) => !columnNamed(header));
  return { ok: true, value: { columns, delimiter, rows, ignoredColumns } };
}

function headerProblem(columns: string[]): string | undefined {
  const known = columns.map(columnNamed);
  if (!known.includes('name')) {
    const found = columns.map((header) => JSON.stringify(header)).join(', ');
    return `The file has no \`name\` column: its header line holds ${found}. The columns are the export's: ${IMPORT_COLUMNS.join(', ')}.`;
  }
  const twice = IMPORT_COLUMNS.filter((column) => known.filter((found) => found === column).length > 1);
  if (twice.length > 0) return `The column ${twice.map((column) => `\`${column}\``).join(', ')} appears more than once in the header line.`;
  return undefined;
}
