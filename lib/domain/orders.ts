// What the service knows about orders: listing them (keyset pages in four orders,
// by status, pet or pet name) and counting them,
// getting one, placing one and moving it between statuses. Placing and moving
// change the pet's status in the same transaction, with the rows locked, so
// concurrent requests serialise and a pet's status always agrees with its orders.
import { and, asc, count, desc, eq, gt, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { PET_STATUS_FOR_ORDER, canMove, describeAllowedMoves } from '../contract/order-transitions';
import type { NewOrder, Order, OrderCounts, OrderCursor, OrderSort, OrderStatus } from '../contract/orders';
import type { Database, Executor } from '../db/client';
import { containing } from '../db/like';
import { selectPlannedEachTime } from '../db/planned-each-time';
import { preparedStatement } from '../db/prepared';
import { orders, pets } from '../db/schema';
import { refused, succeeded, type Outcome } from './outcome';
import { recorded } from './activity';
import { countsByStatus } from './status-counts';

const orderColumns = {
  id: orders.id,
  petId: orders.petId,
  quantity: orders.quantity,
  status: orders.status,
  shipDate: orders.shipDate,
  createdAt: orders.createdAt,
};

type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;

function toOrder(row: OrderRow): Order {
  const order: Order = {
    id: row.id,
    petId: row.petId,
    quantity: row.quantity,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.shipDate) order.shipDate = row.shipDate.toISOString();
  return order;
}

type OrderFilters = { status?: OrderStatus; petId?: bigint; petName?: string };
export type ListOrdersOptions = OrderFilters & { limit: number; sort: OrderSort; cursor?: OrderCursor };
export type OrderPage = { items: Order[]; nextCursor: OrderCursor | null };

type Shape = { byStatus: boolean; byPet: boolean; byPetName: boolean };

const shapeOf = (filters: OrderFilters): Shape => ({
  byStatus: filters.status !== undefined,
  byPet: filters.petId !== undefined,
  byPetName: filters.petName !== undefined,
});

const isByDate = (sort: OrderSort) => sort === 'createdAt' || sort === '-createdAt';

// An order's createdAt to the microsecond (a Date keeps milliseconds): a createdAt sort's cursor key.
const placedAt = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('placed_at');

function filterConditions(shape: Shape): SQL[] {
  const conditions: SQL[] = [];
  if (shape.byStatus) conditions.push(eq(orders.status, sql.placeholder('status')));
  if (shape.byPet) conditions.push(eq(orders.petId, sql.placeholder('petId')));
  if (shape.byPetName) conditions.push(ilike(pets.name, sql.placeholder('pattern')));
  return conditions;
}

function filterValues(filters: OrderFilters): Record<string, unknown> {
  return {
    status: filters.status,
    petId: filters.petId === undefined ? undefined : Number(filters.petId),
    pattern: filters.petName === undefined ? undefined : containing(filters.petName),
  };
}

// Keyset on (sort key, id), in the sort's direction; the (created_at, id) index answers the row comparison.
function afterCursor(sort: OrderSort): SQL {
  const afterId = sql.placeholder('afterId');
  const afterPlacedAt = sql`${sql.placeholder('afterPlacedAt')}::timestamptz`;
  switch (sort) {
    case 'id':
      return gt(orders.id, afterId);
    case '-id':
      return lt(orders.id, afterId);
    case 'createdAt':
      return sql`(${orders.createdAt}, ${orders.id}) > (${afterPlacedAt}, ${afterId})`;
    case '-createdAt':
      return sql`(${orders.createdAt}, ${orders.id}) < (${afterPlacedAt}, ${afterId})`;
  }
}

const ORDER_BY: Record<OrderSort, SQL[]> = {
  id: [asc(orders.id)],
  '-id': [desc(orders.id)],
  createdAt: [asc(orders.createdAt), asc(orders.id)],
  '-createdAt': [desc(orders.createdAt), desc(orders.id)],
};

/** The orders, joined to their pets only to search the pets' names. */
function fromOrders<Query extends { innerJoin: (table: typeof pets, on: SQL) => Query }>(query: Query, shape: Shape): Query {
  return shape.byPetName ? query.innerJoin(pets, eq(pets.id, orders.petId)) : query;
}

function listQuery(database: Database, shape: Shape, sort: OrderSort, hasCursor: boolean) {
  const conditions = filterConditions(shape);
  if (hasCursor) conditions.push(afterCursor(sort));
  return fromOrders(
    database
      .select({ ...orderColumns, placedAt })
      .from(orders)
      .$dynamic(),
    shape,
  )
    .where(and(...conditions))
    .orderBy(...ORDER_BY[sort])
    .limit(sql.placeholder('limit'));
}

// One prepared statement per shape of the list (each filter, sort, cursor or not).
function listStatement(database: Database, shape: Shape, sort: OrderSort, hasCursor: boolean) {
  const name = [
    'list_orders',
    shape.byStatus && 'by_status',
    shape.byPet && 'by_pet',
    shape.byPetName && 'by_pet_name',
    `sort_${sort.replace('-', 'desc_').toLowerCase()}`,
    hasCursor && 'after',
  ]
    .filter(Boolean)
    .join('_');
  return preparedStatement(database, name, () => listQuery(database, shape, sort, hasCursor).prepare(name));
}

function fromRawRow(row: Record<string, unknown>): OrderRow & { placedAt: string } {
  return {
    id: Number(row.id),
    petId: Number(row.pet_id),
    quantity: Number(row.quantity),
    status: row.status as OrderStatus,
    shipDate: row.ship_date === null ? null : new Date(row.ship_date as string | Date),
    createdAt: new Date(row.created_at as string | Date),
    placedAt: String(row.placed_at),
  };
}

export async function listOrders(database: Database, options: ListOrdersOptions): Promise<OrderPage> {
  // No order refers to a pet id beyond what JSON carries exactly.
  if (options.petId !== undefined && options.petId > BigInt(Number.MAX_SAFE_INTEGER)) return { items: [], nextCursor: null };
  const shape = shapeOf(options);
  const hasCursor = options.cursor !== undefined;
  const values = { ...filterValues(options), afterId: options.cursor?.id, afterPlacedAt: options.cursor?.key, limit: options.limit + 1 };
  // A search's plan depends on its text (lib/db/planned-each-time.ts).
  const raw = shape.byPetName ? await selectPlannedEachTime(database, listQuery(database, shape, options.sort, hasCursor), values) : undefined;
  const rows = raw ? raw.map(fromRawRow) : await listStatement(database, shape, options.sort, hasCursor).execute(values);
  const items = rows.slice(0, options.limit);
  const last = rows.length > options.limit ? items[items.length - 1]! : undefined;
  const nextCursor = last ? { sort: options.sort, id: last.id, key: isByDate(options.sort) ? last.placedAt : undefined } : null;
  return { items: items.map(toOrder), nextCursor };
}

const STATUS_KEYS = ['placed', 'approved', 'delivered', 'cancelled'] as const;

function countQuery(database: Database, shape: Shape) {
  return fromOrders(
    database
      .select({ status: orders.status, count: count().as('count') })
      .from(orders)
      .$dynamic(),
    shape,
  )
    .where(and(...filterConditions(shape)))
    .groupBy(orders.status);
}

/** How many orders match the list's filters, in all and by status (the dashboard's tabs). */
export async function countOrders(database: Database, filters: OrderFilters): Promise<OrderCounts> {
  if (filters.petId !== undefined && filters.petId > BigInt(Number.MAX_SAFE_INTEGER)) return countsByStatus(STATUS_KEYS, []);
  const shape = shapeOf(filters);
  const values = filterValues(filters);
  const raw = shape.byPetName ? await selectPlannedEachTime(database, countQuery(database, shape), values) : undefined;
  const name = ['count_orders', shape.byStatus && 'by_status', shape.byPet && 'by_pet', shape.byPetName && 'by_pet_name'].filter(Boolean).join('_');
  const rows = raw ?? (await preparedStatement(database, name, () => countQuery(database, shape).prepare(name)).execute(values));
  return countsByStatus(
    STATUS_KEYS,
    rows.map((row) => ({ status: String(row.status), count: Number(row.count) })),
  );
}

export async function getOrder(database: Database, id: bigint): Promise<Order | undefined> {
  // No order is ever assigned an id beyond what JSON carries exactly.
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.id, Number(id)));
  return row ? toOrder(row) : undefined;
}

/**
 * Places an order for an available pet and makes the pet pending. The pet's row
 * is locked (FOR UPDATE) first, so of several orders racing for one pet exactly
 * one finds it available; the others wait, then see it pending. `database` may
 * be a transaction (then this one is a savepoint in it).
 */
export async function placeOrder(database: Executor, newOrder: NewOrder): Promise<Outcome<Order>> {
  return recorded(database, async (transaction) => {
    const [pet] = await transaction.select({ id: pets.id, status: pets.status }).from(pets).where(eq(pets.id, newOrder.petId)).for('update');
    if (!pet) return refused('not_found', `No pet has id ${newOrder.petId}.`);
    if (pet.status !== 'available') {
      const current = pet.status === null ? 'it has no status' : `its status is ${pet.status}`;
      return refused('conflict', `Pet ${pet.id} is not available (${current}); only an available pet can be ordered.`);
    }
    const [row] = await transaction.insert(orders).values({ petId: pet.id, quantity: newOrder.quantity, status: 'placed' }).returning(orderColumns);
    await transaction.update(pets).set({ status: PET_STATUS_FOR_ORDER.placed }).where(eq(pets.id, pet.id));
    return succeeded(toOrder(row!));
  });
}

/**
 * Moves an order to `status` if the state machine allows it from the order's
 * current status, and gives the pet the status that goes with it (delivered:
 * sold, cancelled: available). Locks the pet's row, then the order's: placeOrder
 * locks pets too, so every transaction takes its locks pet first and none can
 * deadlock; concurrent moves of one order serialise and the loser sees the
 * winner's status.
 */
export async function moveOrder(database: Database, id: bigint, status: OrderStatus): Promise<Outcome<Order>> {
  const notFound = refused('not_found', `No order has id ${id}.`);
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return notFound;
  const orderId = Number(id);
  return recorded(database, async (transaction) => {
    // An order's pet never changes, so it can be read before any lock is held.
    const [located] = await transaction.select({ petId: orders.petId }).from(orders).where(eq(orders.id, orderId));
    if (!located) return notFound;
    await transaction.select({ id: pets.id }).from(pets).where(eq(pets.id, located.petId)).for('update');
    const [current] = await transaction.select(orderColumns).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!canMove(current!.status, status)) {
      return refused(
        'conflict',
        `Order ${orderId} is ${current!.status} and cannot move to ${status}; allowed moves: ${describeAllowedMoves(current!.status)}.`,
      );
    }
    const [row] = await transaction
      .update(orders)
      // The database's clock, like createdAt's, so a shipDate is never before its createdAt.
      .set(status === 'delivered' ? { status, shipDate: sql`coalesce(${orders.shipDate}, now())` } : { status })
      .where(eq(orders.id, orderId))
      .returning(orderColumns);
    await transaction.update(pets).set({ status: PET_STATUS_FOR_ORDER[status] }).where(eq(pets.id, located.petId));
    return succeeded(toOrder(row!));
  });
}
