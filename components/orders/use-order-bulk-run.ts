'use client';
// A bulk move of the selected orders (Approve, Cancel), from the click to the
// summary: the selection is resolved to orders (every match is read page by
// page first), the moves run (lib/client/order-moves.ts), and Stop ends the
// sending at once; the summary comes when the moves already sent have answered.
import { useRef, useState } from 'react';
import type { ListOrdersParams } from '@/lib/client/api-client';
import { asApiError } from '@/lib/client/bulk-change';
import { useMoveOrders } from '@/lib/client/hooks';
import { gatherOrders, type OrderMoveProgress, type OrderMoveResult } from '@/lib/client/order-moves';
import { usePetstoreClient } from '@/lib/client/provider';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Selection } from '../selection/use-selection';

/** The moves the bar offers: each order still goes by its own rules (a delivered order is not cancelled). */
export type BulkMove = Extract<OrderStatus, 'approved' | 'cancelled'>;

export type OrderBulkRunState =
  | { phase: 'idle' }
  | { phase: 'running'; to: BulkMove; progress: OrderMoveProgress | undefined; isStopping: boolean }
  | { phase: 'done'; to: BulkMove; result: OrderMoveResult };

export type ListParams = Omit<ListOrdersParams, 'limit' | 'cursor'>;

export function useOrderBulkRun(selection: Selection<Order>, params: ListParams) {
  const client = usePetstoreClient();
  const moveOrders = useMoveOrders();
  const [state, setState] = useState<OrderBulkRunState>({ phase: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);

  async function start(to: BulkMove) {
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'running', to, progress: undefined, isStopping: false });
    let picked: Order[];
    try {
      picked = selection.allMatching ? await gatherOrders(client, params, controller.signal) : [...selection.items.values()];
    } catch (error) {
      running.current = undefined;
      const stoppedBy = controller.signal.aborted ? 'cancel' : asApiError(error);
      return setState({ phase: 'done', to, result: { total: 0, changed: [], alreadySo: [], refused: [], stoppedBy } });
    }
    const result = await moveOrders.mutateAsync({
      orders: picked,
      to,
      signal: controller.signal,
      onProgress: (progress) => setState((current) => (current.phase === 'running' ? { ...current, progress } : current)),
    });
    running.current = undefined;
    // Orders the move took out of the tab shown leave the selection with it; the others stay, in their new status.
    if (params.status !== undefined && params.status !== to) selection.drop([...result.changed, ...result.alreadySo]);
    else selection.refresh(picked.filter((order) => result.changed.includes(order.id)).map((order) => ({ ...order, status: to })));
    setState({ phase: 'done', to, result });
  }

  return {
    state,
    isBusy: state.phase === 'running',
    start: (to: BulkMove) => void start(to),
    cancel() {
      running.current?.abort();
      setState((current) => (current.phase === 'running' ? { ...current, isStopping: true } : current));
    },
    dismiss: () => setState({ phase: 'idle' }),
  };
}
