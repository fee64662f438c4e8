// Order, OrderStatus, NewOrder and OrderUpdate (the contract leaves orders open;
// docs/ARCHITECTURE.md fixes the shape, docs/ORDERS.md the operations that change it).
import { z } from 'zod';
import { MAX_NAME_LENGTH, nameSearch } from './names';
import { Limit, MAX_JSON_INTEGER, int64Id } from './params';
import { refuseCursorOfAnotherSort, sortCursorParam, type SortCursor } from './sort-cursor';

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

const ORDER_SORTS = ['id', '-id', 'createdAt', '-createdAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const OrderSortParam = z
  .enum(ORDER_SORTS, { error: `must be one of ${ORDER_SORTS.join(', ')}` })
  .default('id')
  .meta({
    description:
      'Experimental. The order of the list: `id` (the default), `-id`, `createdAt` (when placed, earliest first), `-createdAt` (latest first; ties broken by id). Every order pages with its own cursors.',
  });

/** An order's createdAt to the microsecond, as a createdAt sort's cursor carries it (the database's own precision). */
const PLACED_AT_KEY = /^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;

// A real instant: the date and time exist (no 13th month, no 30 February), checked to the millisecond.
function isPlacedAtKey(key: string): boolean {
  if (!PLACED_AT_KEY.test(key)) return false;
  const toTheMillisecond = `${key.slice(0, 23)}Z`;
  const instant = new Date(toTheMillisecond);
  return !Number.isNaN(instant.getTime()) && instant.toISOString() === toTheMillisecond;
}

/** Where a page of the list ended: the sort, the last order's id and, by date placed, its createdAt to the microsecond. */
export type OrderCursor = SortCursor<OrderSort>;

const OrderCursorParam = sortCursorParam(ORDER_SORTS, (sort) => (sort === 'createdAt' || sort === '-createdAt' ? isPlacedAtKey : undefined));

const StatusFilter = z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional();

const PetIdFilter = int64Id().optional().meta({ description: 'Only orders for this pet.' });

const PetNameSearch = nameSearch(
  `Experimental. Only orders whose pet's name contains this text, ignoring case (1 to ${MAX_NAME_LENGTH} characters, as given: not trimmed; no control characters; \`%\` and \`_\` are plain characters).`,
);

export const ListOrdersQuery = z
  .object({
    limit: Limit,
    status: StatusFilter,
    petId: PetIdFilter,
    petName: PetNameSearch,
    sort: OrderSortParam,
    cursor: OrderCursorParam,
  })
  .superRefine(refuseCursorOfAnotherSort);
export type ListOrdersQuery = z.infer<typeof ListOrdersQuery>;

/** The list's filters, without paging or order: what GET /v1/store/orders/counts takes. */
export const OrderCountsQuery = z.object({ status: StatusFilter, petId: PetIdFilter, petName: PetNameSearch });
export type OrderCountsQuery = z.infer<typeof OrderCountsQuery>;

const count = z.int().min(0);

export const OrderCounts = z
  .object({
    total: count.meta({ description: 'Every order that matches the filters.' }),
    placed: count,
    approved: count,
    delivered: count,
    cancelled: count,
  })
  .meta({ id: 'OrderCounts', description: 'How many orders match the filters, in all and by status.' });
export type OrderCounts = z.infer<typeof OrderCounts>;

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
