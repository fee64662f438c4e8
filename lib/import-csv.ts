// How an import reads its CSV file, in one place for the server (lib/domain/import-file.ts)
// and the Import page's preview of the first rows (components/imports/read-csv.ts): csv-parse's
// options, and the delimiter, the one of `,` and `;` that splits the header line into more
// cells. csv-parse's browser build is plain JavaScript: the same parser runs in both.
import { parse } from 'csv-parse/browser/esm/sync';

export type Delimiter = ',' | ';';

/** csv-parse's options for an import's file: a BOM dropped, short rows kept, blank lines skipped. */
export const csvOptions = (delimiter: Delimiter) => ({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true });

/** The delimiter of the file's header line. */
export function delimiterOf(text: string): Delimiter {
  const end = text.search(/\r?\n/);
  const headerLine = end === -1 ? text : text.slice(0, end);
  const cells = (delimiter: Delimiter) => {
    try {
      return (parse(headerLine, { delimiter, relax_quotes: true }) as string[][])[0]?.length ?? 0;
    } catch {
      return 0;
    }
  };
  return cells(';') > cells(',') ? ';' : ',';
}
