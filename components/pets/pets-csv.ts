// The pets CSV export: every page of a view of the list, written page by page
// to a sink (a file the user picked, or the parts of a Blob), so a large
// export neither waits for the whole list nor holds it twice.
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ListPetsParams, PetstoreClient } from '@/lib/client/api-client';
import type { Pet } from '@/lib/contract/pets';

const CSV_COLUMNS = ['id', 'name', 'categoryId', 'category', 'status'] as const;
const PAGE_SIZE = 100;

export type CsvSink = { write: (text: string) => Promise<void> };

function csvRows(pets: Pet[], categoryName: (categoryId: number) => string): string {
  return stringify(
    pets.map((pet) => [pet.id, pet.name, pet.categoryId, categoryName(pet.categoryId), pet.status ?? '']),
    // A name like "=HYPERLINK(…)" stays text in a spreadsheet.
    { escape_formulas: true },
  );
}

/** Writes the header and every pet of the view; returns how many pets were written. */
export async function writePetsCsv(options: {
  client: PetstoreClient;
  params: Omit<ListPetsParams, 'limit' | 'cursor'>;
  categoryName: (categoryId: number) => string;
  sink: CsvSink;
  onProgress: (written: number) => void;
  signal: AbortSignal;
}): Promise<number> {
  const { client, params, categoryName, sink, onProgress, signal } = options;
  await sink.write(stringify([CSV_COLUMNS as unknown as string[]]));
  let written = 0;
  let cursor: string | undefined;
  do {
    signal.throwIfAborted();
    const page = await client.listPets({ ...params, limit: PAGE_SIZE, cursor });
    await sink.write(csvRows(page.items, categoryName));
    written += page.items.length;
    onProgress(written);
    cursor = page.nextCursor;
  } while (cursor);
  return written;
}

export function csvFileName(at: Date): string {
  return `pets-${at.toISOString().slice(0, 19).replace(/[T:]/g, '-')}.csv`;
}
