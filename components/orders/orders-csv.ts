// The orders CSV export: every order of the list's view (its filters, in its
// order), 100 at a time, each with its pet's name (one batch read a page),
// written page by page to the sink (components/export-csv-button.tsx).
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ListOrdersParams, PetstoreClient } from '@/lib/client/api-client';
import type { Order } from '@/lib/contract/orders';
import type { CsvSink } from '../export-csv-button';

const CSV_COLUMNS = ['id', 'petId', 'pet', 'quantity', 'status', 'placedAt', 'shipDate'];
const PAGE_SIZE = 100;

function csvRows(orders: Order[], petNames: Map<number, string>): string {
  return stringify(
    orders.map((order) => [order.id, order.petId, petNames.get(order.petId) ?? '', order.quantity, order.status, order.createdAt, order.shipDate ?? '']),
    // A pet named "=HYPERLINK(…)" stays text in a spreadsheet.
    { escape_formulas: true },
  );
}

/** Every order of the view, page by page. */
async function* viewPages(client: PetstoreClient, params: Omit<ListOrdersParams, 'limit' | 'cursor'>): AsyncGenerator<Order[]> {
  let cursor: string | undefined;
  do {
    const page = await client.listOrders({ ...params, limit: PAGE_SIZE, cursor });
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Orders picked by hand, by id, a page at a time. */
async function* pickedPages(picked: Order[]): AsyncGenerator<Order[]> {
  const sorted = [...picked].sort((a, b) => a.id - b.id);
  for (let start = 0; start < sorted.length; start += PAGE_SIZE) yield sorted.slice(start, start + PAGE_SIZE);
}

/** Writes the header and every order of the view (or the orders picked); returns how many orders were written. */
export async function writeOrdersCsv(options: {
  client: PetstoreClient;
  params: Omit<ListOrdersParams, 'limit' | 'cursor'>;
  selected?: Order[];
  sink: CsvSink;
  onProgress: (written: number) => void;
  signal: AbortSignal;
}): Promise<number> {
  const { client, params, selected, sink, onProgress, signal } = options;
  await sink.write(stringify([CSV_COLUMNS]));
  let written = 0;
  for await (const page of selected ? pickedPages(selected) : viewPages(client, params)) {
    signal.throwIfAborted();
    const petIds = [...new Set(page.map((order) => order.petId))];
    const pets = petIds.length > 0 ? await client.listPetsByIds(petIds) : [];
    signal.throwIfAborted();
    await sink.write(csvRows(page, new Map(pets.map((pet) => [pet.id, pet.name]))));
    written += page.length;
    onProgress(written);
  }
  return written;
}
