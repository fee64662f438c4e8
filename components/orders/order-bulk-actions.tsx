'use client';
// OrderBulkActions: what the orders list does with a selection. The shared
// selection bar (components/selection) with Approve and Cancel orders (roles
// that may move orders, after a confirm) and Export selected (everyone); while
// a run goes, its progress with Stop; at the end an announced summary that
// counts changed, already so and refused apart, and the refused orders, each
// linked, with the server's reason.
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import type { Order } from '@/lib/contract/orders';

import { plainMessage } from '../form-errors';
import { formatCount } from '../format';
import { RoleGate } from '../role-gate';
import { BulkProgress } from '../selection/bulk-progress';
import { counted, RefusedList, SelectionBar, type Noun } from '../selection/selection-bar';
import type { Selection } from '../selection/use-selection';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Notice } from '../ui/notice';
import { ExportOrdersButton } from './export-orders-button';
import { ORDER_STATUS_LABELS } from './order-status-badge';
import type { BulkMove, ListParams, OrderBulkRunState, useOrderBulkRun } from './use-order-bulk-run';

const ORDER_NOUN: Noun = ['order', 'orders'];
const orders = (count: number) => counted(count, ORDER_NOUN);

const MOVE_WORDS: Record<BulkMove, { button: string; verb: string; ing: string; rule: string }> = {
  approved: { button: 'Approve', verb: 'approved', ing: 'Approving', rule: 'only a placed order can be approved.' },
  cancelled: {
    button: 'Cancel',
    verb: 'cancelled',
    ing: 'Cancelling',
    rule: 'a delivered order cannot be cancelled. A cancelled order’s pet is available again.',
  },
};

export function OrderBulkActions({
  selection,
  page,
  total,
  run,
  params,
}: {
  selection: Selection<Order>;
  page: Order[];
  total: number | undefined;
  run: ReturnType<typeof useOrderBulkRun>;
  params: ListParams;
}) {
  const { state } = run;
  const count = selection.count(total);
  return (
    <>
      {state.phase === 'running' ? (
        <OrderMoveProgressBar state={state} onCancel={run.cancel} />
      ) : (
        !selection.isEmpty && (
          <SelectionBar selection={selection} page={page} total={total} noun={ORDER_NOUN}>
            <RoleGate operation="updateOrder">
              <MoveDialog to="approved" count={count} onConfirm={() => run.start('approved')} />
              <MoveDialog to="cancelled" count={count} onConfirm={() => run.start('cancelled')} />
            </RoleGate>
            <ExportOrdersButton
              size="sm"
              label="Export selected"
              params={params}
              selected={selection.allMatching ? undefined : [...selection.items.values()]}
              total={count}
            />
          </SelectionBar>
        )
      )}
      {/* Always in the page, so that the summary put into it is announced. */}
      <div aria-live="polite">{state.phase === 'done' && <OrderMoveSummary state={state} onDismiss={run.dismiss} />}</div>
      {state.phase === 'done' && state.result.refused.length > 0 && (
        <RefusedList
          noun={ORDER_NOUN}
          refused={state.result.refused.map(({ order, error }) => ({ id: order.id, name: `Order ${order.id}`, href: `/orders/${order.id}`, error }))}
        />
      )}
    </>
  );
}

function MoveDialog({ to, count, onConfirm }: { to: BulkMove; count: number; onConfirm: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const { button, rule } = MOVE_WORDS[to];
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className={to === 'cancelled' ? 'text-red-700 dark:text-red-400' : undefined}>
          {to === 'approved' ? <Check aria-hidden /> : <X aria-hidden />}
          {button}
        </Button>
      </DialogTrigger>
      <DialogContent title={`${button} ${orders(count)}?`} description={`Each order is moved on its own, by the rules of a single move: ${rule}`}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep them as they are</Button>
          </DialogClose>
          <Button
            variant={to === 'cancelled' ? 'danger' : 'primary'}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {button} {orders(count)}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function OrderMoveProgressBar({ state, onCancel }: { state: Extract<OrderBulkRunState, { phase: 'running' }>; onCancel: () => void }) {
  const { progress } = state;
  const text = progress ? `${formatCount(progress.done)} of ${orders(progress.total)}` : undefined;
  return (
    <BulkProgress
      status={state.isStopping ? 'Stopping: waiting for the moves already sent…' : `${MOVE_WORDS[state.to].ing}: ${text ?? 'finding the selected orders…'}`}
      progress={progress && text ? { done: progress.done, total: progress.total, text } : undefined}
      stopLabel="Stop"
      isStopping={state.isStopping}
      onStop={onCancel}
    />
  );
}

function OrderMoveSummary({ state, onDismiss }: { state: Extract<OrderBulkRunState, { phase: 'done' }>; onDismiss: () => void }) {
  const { result, to } = state;
  const counts = [
    `${formatCount(result.changed.length)} ${MOVE_WORDS[to].verb}`,
    result.alreadySo.length > 0 && `${formatCount(result.alreadySo.length)} already ${ORDER_STATUS_LABELS[to]}`,
    result.refused.length > 0 && `${formatCount(result.refused.length)} refused`,
  ]
    .filter(Boolean)
    .join(', ');
  const notSent = result.total - result.changed.length - result.alreadySo.length - result.refused.length;
  if (result.stoppedBy === 'cancel') {
    return (
      <Notice tone="warning" className="mb-4" title={`Stopped: ${counts} before it stopped`} onDismiss={onDismiss}>
        The other {orders(notSent)} were not sent.
      </Notice>
    );
  }
  if (result.stoppedBy instanceof ApiClientError) {
    return (
      <Notice tone="error" className="mb-4" title={`Stopped: ${plainMessage(result.stoppedBy)}`} onDismiss={onDismiss}>
        {counts} before it stopped; the other {orders(notSent)} were not sent.
      </Notice>
    );
  }
  return (
    <Notice tone={result.refused.length > 0 ? 'warning' : 'success'} className="mb-4" title={counts} onDismiss={onDismiss}>
      {orders(result.total)} selected.
    </Notice>
  );
}
