// /orders/{orderId}: one order.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { OrderDetails } from '@/components/orders/order-details';
import { parseRecordId } from '@/components/record-id';

type Props = { params: Promise<{ orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${(await params).orderId}` };
}

export default async function OrderPage({ params }: Props) {
  const orderId = parseRecordId((await params).orderId);
  if (orderId === undefined) notFound();
  return (
    <>
      <BackLink href="/orders">All orders</BackLink>
      <OrderDetails orderId={orderId} />
    </>
  );
}
