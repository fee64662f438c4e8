// GET /v1/store/orders/{orderId} (getOrder): experimental.
import { OrderIdParams } from '@/lib/contract/orders';
import { db } from '@/lib/db/client';
import { notFound } from '@/lib/http/errors';
import { apiRoute, methodNotAllowed } from '@/lib/http/handler';
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

const notAllowed = methodNotAllowed(['GET', 'HEAD', 'OPTIONS']);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
