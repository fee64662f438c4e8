// Order and OrderStatus (the contract leaves orders open; DESIGN.md fixes the shape).
import { z } from 'zod';
import { Cursor, Limit, int64Id } from './params';

export const ORDER_STATUSES = ['placed', 'approved', 'delivered', 'cancelled'] as const;

export const OrderStatus = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });
export type OrderStatus = z.infer<typeof OrderStatus>;

export const Order = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    petId: z.int().min(1).meta({ format: 'int64' }),
    quantity: z.int().min(1),
    status: OrderStatus,
    shipDate: z.iso.datetime().optional().meta({ description: 'When the order shipped; absent until then.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const Orders = z.array(Order).meta({ id: 'Orders' });

export const ListOrdersQuery = z.object({
  limit: Limit,
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  petId: int64Id().optional().meta({ description: 'Only orders for this pet.' }),
  cursor: Cursor,
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuery>;

export const OrderIdParams = z.object({ orderId: int64Id() });
