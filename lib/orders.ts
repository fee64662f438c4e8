// What the service knows about orders: listing them (keyset pages on id),
// getting one, placing one and moving it between statuses. Placing and moving
// change the pet's status in the same transaction, with the rows locked, so
// concurrent requests serialise and a pet's status always agrees with its orders.
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { PET_STATUS_FOR_ORDER, canMove, describeAllowedMoves } from './contract/order-transitions';
import type { NewOrder, Order, OrderStatus } from './contract/orders';
import type { Database, Executor } from './db/client';
import { preparedStatement } from './db/prepared';
import { orders, pets } from './db/schema';
import { toPage, type Page } from './pagination';
import { refused, succeeded, type Outcome } from './outcome';

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

export async function listOrders(
  database: Database,
  query: { limit: number; status?: OrderStatus; petId?: bigint; afterId?: number },
): Promise<Page<Order>> {
  if (query.petId !== undefined && query.petId > BigInt(Number.MAX_SAFE_INTEGER)) return { items: [], nextAfterId: null };
  const statement = listStatement(database, {
    byStatus: query.status !== undefined,
    byPet: query.petId !== undefined,
    afterId: query.afterId !== undefined,
  });
  const rows = await statement.execute({
    status: query.status,
    petId: query.petId === undefined ? undefined : Number(query.petId),
    afterId: query.afterId,
    limit: query.limit + 1,
  });
  return toPage(rows.map(toOrder), query.limit);
}

export async function getOrder(database: Database, id: bigint): Promise<Order | undefined> {
  // No order is ever assigned an id beyond what JSON carries exactly.
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database.select(orderColumns).from(orders).where(eq(orders.id, Number(id)));
  return row ? toOrder(row) : undefined;
}

/**
 * Places an order for an available pet and makes the pet pending. The pet's row
 * is locked (FOR UPDATE) first, so of several orders racing for one pet exactly
 * one finds it available; the others wait, then see it pending. `database` may
 * be a transaction (then this one is a savepoint in it).
 */
export async function placeOrder(database: Executor, newOrder: NewOrder): Promise<Outcome<Order>> {
  return database.transaction(async (transaction) => {
    const [pet] = await transaction
      .select({ id: pets.id, status: pets.status })
      .from(pets)
      .where(eq(pets.id, newOrder.petId))
      .for('update');
    if (!pet) return refused('not_found', `No pet has id ${newOrder.petId}.`);
    if (pet.status !== 'available') {
      const current = pet.status === null ? 'it has no status' : `its status is ${pet.status}`;
      return refused('conflict', `Pet ${pet.id} is not available (${current}); only an available pet can be ordered.`);
    }
    const [row] = await transaction
      .insert(orders)
      .values({ petId: pet.id, quantity: newOrder.quantity, status: 'placed' })
      .returning(orderColumns);
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
  return database.transaction(async (transaction) => {
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

// One prepared statement per shape of the list (with or without each filter).
function listStatement(database: Database, shape: { byStatus: boolean; byPet: boolean; afterId: boolean }) {
  const name = `list_orders${shape.byStatus ? '_by_status' : ''}${shape.byPet ? '_by_pet' : ''}${shape.afterId ? '_after_id' : ''}`;
  return preparedStatement(database, name, () => {
    const conditions: SQL[] = [];
    if (shape.byStatus) conditions.push(eq(orders.status, sql.placeholder('status')));
    if (shape.byPet) conditions.push(eq(orders.petId, sql.placeholder('petId')));
    if (shape.afterId) conditions.push(gt(orders.id, sql.placeholder('afterId')));
    return database
      .select(orderColumns)
      .from(orders)
      .where(and(...conditions))
      .orderBy(asc(orders.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}
