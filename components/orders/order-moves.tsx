'use client';
// OrderMoves: a button for each move the order's status allows (cancel asks
// first); the order, its pet and the lists refresh when the move lands, and a
// notice says what changed.
import { Ban, CheckCircle2, Truck } from 'lucide-react';
import { useState } from 'react';
import { useMoveOrder } from '@/lib/client/hooks';
import { allowedMoves } from '@/lib/contract/order-transitions';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import { errorsFromApi } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Notice } from '../ui/notice';

const LABELS = { approved: 'Approve', delivered: 'Mark delivered' } as const;
/** What a landed move says (the pet's side follows PET_STATUS_FOR_ORDER). */
const OUTCOMES: Partial<Record<OrderStatus, { title: string; detail: string }>> = {
  approved: { title: 'Order approved', detail: 'Its pet stays pending until the order is delivered or cancelled.' },
  delivered: { title: 'Order marked delivered', detail: 'Its pet is now sold.' },
  cancelled: { title: 'Order cancelled', detail: 'Its pet is available again.' },
};

export function OrderMoves({ order }: { order: Order }) {
  const move = useMoveOrder(order.id);
  const moves = allowedMoves(order.status);
  const outcome = move.isSuccess ? OUTCOMES[move.data.status] : undefined;
  if (moves.length === 0 && !outcome && !move.isError) return null;
  return (
    <div className="mb-4 flex flex-col gap-3">
      {outcome && (
        <Notice tone="success" title={outcome.title}>
          {outcome.detail}
        </Notice>
      )}
      {move.isError && (
        <Notice tone="error" title="The order did not move">
          {errorsFromApi(move.error).message}
        </Notice>
      )}
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((status) =>
            status === 'cancelled' ? (
              <CancelOrderButton key={status} order={order} move={move} />
            ) : (
              <Button key={status} disabled={move.isPending} onClick={() => move.mutate(status)}>
                {status === 'approved' ? <CheckCircle2 aria-hidden /> : <Truck aria-hidden />}
                {move.isPending && move.variables === status ? 'Saving…' : LABELS[status as keyof typeof LABELS]}
              </Button>
            ),
          )}
        </div>
      )}
    </div>
  );
}

function CancelOrderButton({ order, move }: { order: Order; move: ReturnType<typeof useMoveOrder> }) {
  const [isOpen, setOpen] = useState(false);
  const cancel = (status: OrderStatus) => move.mutate(status, { onSettled: () => setOpen(false) });
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" disabled={move.isPending}>
          <Ban aria-hidden />
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent title={`Cancel order ${order.id}?`} description={`Pet ${order.petId} becomes available again. A cancelled order cannot be reopened.`}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={move.isPending}>
              Keep order
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={move.isPending} onClick={() => cancel('cancelled')}>
            {move.isPending ? 'Cancelling…' : 'Cancel order'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
