'use client';
// A bulk move of the selected orders (Approve, Cancel), from the click to the
// summary: the selection is resolved to orders (every match is read page by
// page first), the moves run (lib/client/order-moves.ts), and Stop ends the
// sending at once; the summary comes when the moves already sent have answered.
import type { ListOrdersParams } from '@/lib/client/api-client';
import { asApiError } from '@/lib/client/bulk-change';
import { useMoveOrders } from '@/lib/client/hooks';
import { gatherOrders, type OrderMoveProgress, type OrderMoveResult } from '@/lib/client/order-moves';
import { usePetstoreClient } from '@/lib/client/provider';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Selection } from '../selection/use-selection';
import { useSelectionRun, type SelectionRunState } from '../selection/use-selection-run';

/** The moves the bar offers: each order still goes by its own rules (a delivered order is not cancelled). */
export type BulkMove = Extract<OrderStatus, 'approved' | 'cancelled'>;

type Running = { to: BulkMove; progress: OrderMoveProgress | undefined };
type Done = { to: BulkMove; result: OrderMoveResult };
export type OrderBulkRunState = SelectionRunState<Running, Done>;

export type ListParams = Omit<ListOrdersParams, 'limit' | 'cursor'>;

export function useOrderBulkRun(selection: Selection<Order>, params: ListParams) {
  const client = usePetstoreClient();
  const moveOrders = useMoveOrders();
  const run = useSelectionRun<Running, Done>();

  async function start(to: BulkMove) {
    const signal = run.begin({ to, progress: undefined });
    let picked: Order[];
    try {
      picked = selection.allMatching ? await gatherOrders(client, params, signal) : [...selection.items.values()];
    } catch (error) {
      const stoppedBy = signal.aborted ? 'cancel' : asApiError(error);
      return run.finish({ to, result: { total: 0, changed: [], alreadySo: [], refused: [], stoppedBy } });
    }
    const result = await moveOrders.mutateAsync({ orders: picked, to, signal, onProgress: (progress) => run.show({ progress }) });
    // Orders the move took out of the tab shown leave the selection with it; the others stay, in their new status.
    if (params.status !== undefined && params.status !== to) selection.drop([...result.changed, ...result.alreadySo]);
    else selection.refresh(picked.filter((order) => result.changed.includes(order.id)).map((order) => ({ ...order, status: to })));
    run.finish({ to, result });
  }

  return { state: run.state, isBusy: run.isBusy, start: (to: BulkMove) => void start(to), cancel: run.cancel, dismiss: run.dismiss };
}
