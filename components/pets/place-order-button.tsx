'use client';
// PlaceOrderButton: orders an available pet (quantity 1); the pet becomes pending
// on screen, and a notice links to the new order.
import { ShoppingBag } from 'lucide-react';
import Link from 'next/link';
import type { usePlaceOrder } from '@/lib/client/hooks';
import { errorsFromApi } from '../form-errors';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';

type PlaceOrder = ReturnType<typeof usePlaceOrder>;

export function PlaceOrderButton({ petId, placeOrder }: { petId: number; placeOrder: PlaceOrder }) {
  return (
    <Button disabled={placeOrder.isPending} onClick={() => placeOrder.mutate({ petId, quantity: 1 })}>
      <ShoppingBag aria-hidden />
      {placeOrder.isPending ? 'Placing order…' : 'Place order'}
    </Button>
  );
}

/** What became of the last order placed from this page. */
export function PlaceOrderOutcome({ placeOrder }: { placeOrder: PlaceOrder }) {
  if (placeOrder.isSuccess) {
    return (
      <Notice tone="success" title="Order placed" className="mb-4">
        <Link href={`/orders/${placeOrder.data.id}`} className="underline underline-offset-2">
          Order {placeOrder.data.id}
        </Link>{' '}
        is placed; the pet is now pending.
      </Notice>
    );
  }
  if (placeOrder.isError) {
    return (
      <Notice tone="error" title="The order was not placed" className="mb-4">
        {errorsFromApi(placeOrder.error).message}
      </Notice>
    );
  }
  return null;
}
