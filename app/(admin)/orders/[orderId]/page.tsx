// /orders/{orderId}: one order; HTTP 404 when /v1 has no such order.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { OrderDetails } from '@/components/orders/order-details';
import { parseRecordId } from '@/components/record-id';
import { requireRecord } from '@/components/require-record';
import { serverApiClient } from '@/lib/client/server-client';

type Props = { params: Promise<{ orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${(await params).orderId}` };
}

export default async function OrderPage({ params }: Props) {
  const orderId = parseRecordId((await params).orderId);
  if (orderId === undefined) notFound();
  const client = await serverApiClient();
  await requireRecord(() => client.getOrder(orderId));
  return (
    <>
      <BackLink href="/orders">All orders</BackLink>
      <OrderDetails orderId={orderId} />
    </>
  );
}
