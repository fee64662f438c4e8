// GET /v1/store/orders/{orderId} (getOrder): experimental.
import { OrderIdParams } from '@/lib/contract/orders';
import { db } from '@/lib/db/client';
import { notFound } from '@/lib/http/errors';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { getOrder } from '@/lib/orders';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ params }) => {
  const { orderId } = parseParams(params, OrderIdParams);
  const order = await getOrder(await db(), orderId);
  if (!order) throw notFound(`No order has id ${orderId}.`);
  return json(order);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
