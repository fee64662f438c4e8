// GET /v1/store/orders (listOrders): experimental.
import { ListOrdersQuery } from '@/lib/contract/orders';
import { db } from '@/lib/db/client';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { listOrders } from '@/lib/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url }) => {
  const query = parseQuery(url, ListOrdersQuery);
  const page = await listOrders(await db(), {
    limit: query.limit,
    status: query.status,
    petId: query.petId,
    afterId: query.cursor,
  });
  return json(page.items, { headers: nextPageHeaders(url, page, query.limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
