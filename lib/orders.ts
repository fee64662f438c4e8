// What the service knows about orders: listing them (keyset pages on id).
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderStatus } from './contract/orders';
import type { Database } from './db/client';
import { preparedStatement } from './db/prepared';
import { orders } from './db/schema';
import { toPage, type Page } from './pagination';

const orderColumns = {
  id: orders.id,
  petId: orders.petId,
  quantity: orders.quantity,
  status: orders.status,
  shipDate: orders.shipDate,
  createdAt: orders.createdAt,
};

type OrderRow = { id: number; petId: number; quantity: number; status: OrderStatus; shipDate: Date | null; createdAt: Date };

export function toOrder(row: OrderRow): Order {
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
