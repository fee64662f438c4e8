// /orders: the store's orders, filtered and paged by the URL.
import type { Metadata } from 'next';
import { readListState } from '@/components/list-url';
import { OrderCatalogue, type OrderFilters } from '@/components/orders/order-catalogue';
import { parseRecordId } from '@/components/record-id';
import { OrderStatus } from '@/lib/contract/orders';

export const metadata: Metadata = { title: 'Orders' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OrdersPage({ searchParams }: Props) {
  const query = await searchParams;
  const state = readListState<OrderFilters>(query, {
    status: (value) => OrderStatus.safeParse(value).data,
    petId: (value) => (value && parseRecordId(value) ? value : undefined),
  });
  // A petId the filter could not use (a hand-edited link) is shown in the field, with the reason.
  const rejectedPetId = typeof query.petId === 'string' && query.petId !== '' && !state.filters.petId ? query.petId : undefined;
  return <OrderCatalogue state={state} rejectedPetId={rejectedPetId} />;
}
