// GET /v1/store/orders/counts (countOrders): experimental; how many orders match the list's filters, by status.
import { OrderCountsQuery } from '@/lib/contract/orders';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { countOrders } from '@/lib/domain/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'countOrders' }, async ({ url, database }) => {
  const filters = parseQuery(url, OrderCountsQuery);
  return json(await countOrders(database, filters));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
