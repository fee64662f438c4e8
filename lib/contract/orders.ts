// Order, OrderStatus, NewOrder and OrderUpdate (the contract leaves orders open;
// DESIGN.md fixes the shape, issue 4 the operations that change it).
import { z } from 'zod';
import { Cursor, Limit, MAX_JSON_INTEGER, int64Id } from './params';

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

/** The largest quantity one order may ask for (an upper bound keeps typos like 1e9 out). */
export const MAX_ORDER_QUANTITY = 1000;

const QUANTITY_RANGE = `must be an integer from 1 to ${MAX_ORDER_QUANTITY}`;

const TOO_LARGE = `must be at most ${MAX_JSON_INTEGER} (2^53-1): larger int64 values cannot be represented exactly in JSON`;

const closedObject = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') };

export const NewOrder = z
  .strictObject(
    {
      petId: z
        .number({ error: (issue) => (issue.input === undefined ? undefined : 'must be an integer') })
        // zod's int() also rejects integers beyond 2^53-1: say which of the two it was.
        .int({ error: (issue) => (Number.isInteger(issue.input) ? TOO_LARGE : 'must be an integer'), abort: true })
        .min(1, { error: 'must be a positive integer' })
        .max(MAX_JSON_INTEGER, { error: TOO_LARGE })
        .meta({ description: 'The animal to order; it must exist and be `available`.', format: 'int64' }),
      quantity: z
        .number({ error: QUANTITY_RANGE })
        .int({ error: QUANTITY_RANGE, abort: true })
        .min(1, { error: QUANTITY_RANGE })
        .max(MAX_ORDER_QUANTITY, { error: QUANTITY_RANGE })
        .default(1)
        .meta({ description: `How many: 1 to ${MAX_ORDER_QUANTITY}; 1 when absent.` }),
    },
    closedObject,
  )
  .meta({ id: 'NewOrder', description: 'An order to place. `id`, `status` and the dates are set by the service.' });
export type NewOrder = z.infer<typeof NewOrder>;

export const OrderUpdate = z
  .strictObject(
    {
      status: z
        .enum(ORDER_STATUSES, {
          error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${ORDER_STATUSES.join(', ')}`),
        })
        .meta({ description: 'The status to move the order to; only the moves allowed from its current status succeed.' }),
    },
    closedObject,
  )
  .meta({ id: 'OrderUpdate', description: 'A move of an order to another status.' });
export type OrderUpdate = z.infer<typeof OrderUpdate>;
