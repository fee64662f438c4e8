// GET /v1/store/orders/{orderId} (getOrder) and PATCH (updateOrder: move it to
// another status): experimental.
import { OrderIdParams, OrderUpdate } from '@/lib/contract/orders';
import { db } from '@/lib/db/client';
import { readJsonBody } from '@/lib/http/body';
import { notFound, refusal } from '@/lib/http/errors';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { parseBody, parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { getOrder, moveOrder } from '@/lib/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ params }) => {
  const { orderId } = parseParams(params, OrderIdParams);
  const order = await getOrder(await db(), orderId);
  if (!order) throw notFound(`No order has id ${orderId}.`);
  return json(order);
});

export const PATCH = apiRoute({ scope: 'write' }, async ({ request, params }) => {
  const { orderId } = parseParams(params, OrderIdParams);
  const update = parseBody(await readJsonBody(request), OrderUpdate);
  const outcome = await moveOrder(await db(), orderId, update.status);
  if (!outcome.ok) throw refusal(outcome);
  return json(outcome.order);
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(['GET', 'PATCH']);
