// GET /v1/store/orders (listOrders: filters, search by pet name, sort) and
// POST /v1/store/orders (placeOrder): experimental.
import { ListOrdersQuery, NewOrder } from '@/lib/contract/orders';
import { encodeSortCursor } from '@/lib/contract/sort-cursor';
import { readJsonBody } from '@/lib/http/body';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextCursorHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { listOrders, placeOrder } from '@/lib/domain/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listOrders' }, async ({ url, database }) => {
  const query = parseQuery(url, ListOrdersQuery);
  const page = await listOrders(database, query);
  const next = page.nextCursor && encodeSortCursor(page.nextCursor);
  return json(page.items, { headers: nextCursorHeaders(url, next, query.limit) });
});

export const POST = apiRoute({ operation: 'placeOrder', idempotent: true }, async ({ request, database }) => {
  const newOrder = parseBody(await readJsonBody(request), NewOrder);
  const order = valueOf(await placeOrder(database, newOrder));
  return json(order, { status: 201, headers: { location: `/v1/store/orders/${order.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
