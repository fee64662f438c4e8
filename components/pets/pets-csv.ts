// The pets CSV export: pages of pets (a view of the list, or a selection;
// lib/client/pet-pages.ts), written page by page to a sink (a file the user
// picked, or the parts of a Blob), so a large export neither waits for the
// whole list nor holds it twice.
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { PetWithIncluded } from '@/lib/contract/pets';
import type { CsvSink } from '../export-csv-button';

const CSV_COLUMNS = ['id', 'name', 'categoryId', 'category', 'status', 'tags'] as const;

// A pet's tags in one cell, as a person reads a list.
const TAG_SEPARATOR = '; ';

function csvRows(pets: PetWithIncluded[], categoryName: (categoryId: number) => string): string {
  return stringify(
    pets.map((pet) => [pet.id, pet.name, pet.categoryId, categoryName(pet.categoryId), pet.status ?? '', (pet.tags ?? []).join(TAG_SEPARATOR)]),
    // A name like "=HYPERLINK(…)" stays text in a spreadsheet.
    { escape_formulas: true },
  );
}

/** Writes the header and every pet of the pages; returns how many pets were written. */
export async function writePetsCsv(options: {
  pages: AsyncIterable<PetWithIncluded[]>;
  categoryName: (categoryId: number) => string;
  sink: CsvSink;
  onProgress: (written: number) => void;
  signal: AbortSignal;
}): Promise<number> {
  const { pages, categoryName, sink, onProgress, signal } = options;
  await sink.write(stringify([CSV_COLUMNS as unknown as string[]]));
  let written = 0;
  signal.throwIfAborted();
  for await (const page of pages) {
    signal.throwIfAborted();
    await sink.write(csvRows(page, categoryName));
    written += page.length;
    onProgress(written);
  }
  return written;
}
