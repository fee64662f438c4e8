'use client';
// ExportOrdersButton: "Export CSV" of the orders list's current view (every order
// of its filters, in its order, not only the page), or of the selected orders:
// id, pet (its id and name: one batch read a page), quantity, status, when placed
// and shipped.
import type { ListOrdersParams, PetstoreClient } from '@/lib/client/api-client';
import type { Order } from '@/lib/contract/orders';
import { ExportCsvButton } from '../csv/export-csv-button';
import type { CsvColumns } from '../csv/csv-writer';

type OrderRow = Order & { petName: string };

const PAGE_SIZE = 100;

const COLUMNS: CsvColumns<OrderRow> = {
  header: ['id', 'petId', 'pet', 'quantity', 'status', 'placedAt', 'shipDate'],
  row: (order) => [order.id, order.petId, order.petName, order.quantity, order.status, order.createdAt, order.shipDate ?? ''],
};

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

/** Each page's orders with their pets' names (a pet gone meanwhile: an empty name). */
async function* withPetNames(client: PetstoreClient, pages: AsyncIterable<Order[]>): AsyncGenerator<OrderRow[]> {
  for await (const page of pages) {
    const petIds = [...new Set(page.map((order) => order.petId))];
    const names = new Map((petIds.length > 0 ? await client.listPetsByIds(petIds) : []).map((pet) => [pet.id, pet.name]));
    yield page.map((order) => ({ ...order, petName: names.get(order.petId) ?? '' }));
  }
}

export function ExportOrdersButton({
  params,
  selected,
  total,
  label,
  size,
}: {
  /** The view's filters and order. */
  params: Omit<ListOrdersParams, 'limit' | 'cursor'>;
  /** The orders picked by hand; absent: every order of the view. */
  selected?: Order[];
  total: number | undefined;
  label?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <ExportCsvButton
      what="orders"
      fileStem="orders"
      columns={COLUMNS}
      pages={(client) => withPetNames(client, selected ? pickedPages(selected) : viewPages(client, params))}
      total={total}
      label={label}
      size={size}
    />
  );
}
