// What the service knows about orders: listing them (keyset pages on id) and getting one.
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Order, OrderStatus } from './contract/orders';
import type { Database } from './db/client';
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
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.petId !== undefined) {
    if (query.petId > BigInt(Number.MAX_SAFE_INTEGER)) return { items: [], nextAfterId: null };
    conditions.push(eq(orders.petId, Number(query.petId)));
  }
  if (query.afterId !== undefined) conditions.push(gt(orders.id, query.afterId));
  const rows = await database
    .select(orderColumns)
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.id))
    .limit(query.limit + 1);
  return toPage(rows.map(toOrder), query.limit);
}

export async function getOrder(database: Database, id: bigint): Promise<Order | undefined> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database.select(orderColumns).from(orders).where(eq(orders.id, Number(id)));
  return row ? toOrder(row) : undefined;
}
