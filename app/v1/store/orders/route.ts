// GET /v1/store/orders (listOrders) and POST /v1/store/orders (placeOrder): experimental.
import { ListOrdersQuery, NewOrder } from '@/lib/contract/orders';
import { readJsonBody } from '@/lib/http/body';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextPageHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { listOrders, placeOrder } from '@/lib/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url, database }) => {
  const query = parseQuery(url, ListOrdersQuery);
  const page = await listOrders(database, {
    limit: query.limit,
    status: query.status,
    petId: query.petId,
    afterId: query.cursor,
  });
  return json(page.items, { headers: nextPageHeaders(url, page, query.limit) });
});

export const POST = apiRoute({ scope: 'write', idempotent: true }, async ({ request, database }) => {
  const newOrder = parseBody(await readJsonBody(request), NewOrder);
  const order = valueOf(await placeOrder(database, newOrder));
  return json(order, { status: 201, headers: { location: `/v1/store/orders/${order.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
