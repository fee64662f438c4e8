// Moving many orders to one status (the orders list's Approve and Cancel): each
// order through its own move, PATCH /v1/store/orders/{id}, four at a time, so
// each keeps the rules, the pet's status change, the activity entry and the live
// update of a single move. An order already in that status is not sent (the API
// refuses a move to the current status); a move the rules refuse (409, or 404
// for an order gone) is that order's outcome, with the server's reason; anything
// else (the session ended, the role, the server gone) stops the run, as the
// caller's signal does. Moves already sent are waited for, so the count is exact.
import type { Order, OrderStatus } from '../contract/orders';
import { ApiClientError, type ListOrdersParams, type PetstoreClient } from './api-client';
import { asApiError } from './bulk-change';

export type OrderMoveResult = {
  total: number;
  changed: number[];
  /** Orders that had the status asked for when the selection read them. */
  alreadySo: number[];
  refused: { order: Order; error: ApiClientError }[];
  stoppedBy?: 'cancel' | ApiClientError;
};

export type OrderMoveProgress = { done: number; total: number };

const AT_ONCE = 4;

const isRefusal = (error: unknown): error is ApiClientError => error instanceof ApiClientError && (error.status === 409 || error.status === 404);

export async function moveOrders(
  client: PetstoreClient,
  options: { orders: Order[]; to: OrderStatus; signal: AbortSignal; onProgress: (progress: OrderMoveProgress) => void },
): Promise<OrderMoveResult> {
  const { orders, to, signal, onProgress } = options;
  const alreadySo = orders.filter((order) => order.status === to).map((order) => order.id);
  const toSend = orders.filter((order) => order.status !== to);
  const changed: number[] = [];
  const refused: OrderMoveResult['refused'] = [];
  let stoppedBy: ApiClientError | undefined;
  let next = 0;
  const report = () => onProgress({ done: alreadySo.length + changed.length + refused.length, total: orders.length });

  async function worker(): Promise<void> {
    while (next < toSend.length && !signal.aborted && !stoppedBy) {
      const order = toSend[next++]!;
      try {
        await client.updateOrder(order.id, { status: to });
        changed.push(order.id);
      } catch (error) {
        if (isRefusal(error)) refused.push({ order, error });
        else stoppedBy ??= asApiError(error);
      }
      report();
    }
  }

  report();
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, toSend.length) }, worker));
  const isUnfinished = alreadySo.length + changed.length + refused.length < orders.length;
  return { total: orders.length, changed, alreadySo, refused, stoppedBy: stoppedBy ?? (signal.aborted && isUnfinished ? 'cancel' : undefined) };
}

/** Every order of the list's view (its filters), 100 at a time: what "every order matching" is when a run starts. */
export async function gatherOrders(client: PetstoreClient, params: Omit<ListOrdersParams, 'limit' | 'cursor'>, signal: AbortSignal): Promise<Order[]> {
  const all: Order[] = [];
  let cursor: string | undefined;
  do {
    signal.throwIfAborted();
    const page = await client.listOrders({ ...params, limit: 100, cursor });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
