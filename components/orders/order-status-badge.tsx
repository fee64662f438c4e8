// OrderStatusBadge: where an order stands, coloured.
import type { OrderStatus } from '@/lib/contract/orders';
import { Badge, type BadgeTone } from '../ui/badge';

const TONES: Record<OrderStatus, BadgeTone> = { placed: 'blue', approved: 'violet', delivered: 'green', cancelled: 'zinc' };
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  approved: 'Approved',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The statuses in the contract's order (the Record's type makes TypeScript check the list is complete). */
export const ORDER_STATUS_OPTIONS = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
