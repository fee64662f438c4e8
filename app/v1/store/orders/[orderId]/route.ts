// GET /v1/store/orders/{orderId} (getOrder) and PATCH (updateOrder: move it to
// another status): experimental.
import { OrderIdParams, OrderUpdate } from '@/lib/contract/orders';
import { readJsonBody } from '@/lib/http/body';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { getOrder, moveOrder } from '@/lib/domain/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getOrder' }, async ({ params, database }) => {
  const { orderId } = parseParams(params, OrderIdParams);
  const order = await getOrder(database, orderId);
  if (!order) throw notFound(`No order has id ${orderId}.`);
  return json(order);
});

export const PATCH = apiRoute({ operation: 'updateOrder' }, async ({ request, params, database }) => {
  const { orderId } = parseParams(params, OrderIdParams);
  const update = parseBody(await readJsonBody(request), OrderUpdate);
  return json(valueOf(await moveOrder(database, orderId, update.status)));
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(['GET', 'PATCH']);
