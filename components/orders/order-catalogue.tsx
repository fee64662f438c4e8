'use client';
// OrderCatalogue: the orders page's interactive part: the search by pet name,
// the pet filter, the order, the status tab and the page, all in the URL; the
// tabs carry counts and the list its place in the whole ("1–20 of 143").
// "Place order" opens a dialog and ends with a notice linking to the new order.
import { Inbox, SearchX, ShoppingBag } from 'lucide-react';
import dynamic from 'next/dynamic';
import { IntentLink } from '@/components/intent-link';
import { useState } from 'react';
import { useOrderCounts, useOrders } from '@/lib/client/hooks';
import type { Order, OrderCounts, OrderSort, OrderStatus } from '@/lib/contract/orders';
import { formatRange } from '../format';
import { showList, useQuery } from '../list-navigation';
import { listHref, readListState, withFilters } from '../list-url';
import { LoadError } from '../load-error';
import { Pager } from '../pager';
import { TableSkeleton } from '../table-skeleton';
import { Button, ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { UrlSelect } from '../url-select';
import { FlashNotice } from '../ui/flash-notice';
import { PageHeader } from '../ui/page-header';
import { TableCard } from '../ui/table';
import { ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS } from './order-status-badge';
import { ORDER_COLUMNS, OrderTable } from './order-table';
import { PetIdFilter } from './pet-id-filter';
import { parseSearch, PetSearch } from '../pets/pet-search';
import { StatusTabs, type StatusTab } from '../status-tabs';
import { parseRecordId } from '../record-id';
import { ReadOnlyNote, RoleGate } from '../role-gate';
import { useSelection } from '../selection/use-selection';
import { ExportOrdersButton } from './export-orders-button';
import { useOrderBulkRun } from './use-order-bulk-run';

type OrderFilters = { status: OrderStatus | undefined; petName: string | undefined; petId: string | undefined; sort: OrderSort | undefined };

const PATH = '/orders';

const loadPlaceOrderDialog = () => import('./place-order-dialog');
const PlaceOrderDialog = dynamic(loadPlaceOrderDialog, { ssr: false });
// So is the selection's bar (its dialogs, Radix): it shows once an order is selected.
const OrderBulkActions = dynamic(() => import('./order-bulk-actions').then((module) => module.OrderBulkActions), { ssr: false });

const SORT_LABELS: Record<OrderSort, string> = {
  id: 'Oldest first',
  '-id': 'Newest first',
  createdAt: 'Placed, earliest first',
  '-createdAt': 'Placed, latest first',
};

// From the labels, so that the contract's schemas stay out of the page's first load.
const SORTS = Object.keys(SORT_LABELS) as OrderSort[];

const ORDER_FILTER_PARSERS = {
  status: (value: string | undefined) => ORDER_STATUS_OPTIONS.find((status) => status === value),
  petName: parseSearch,
  petId: (value: string | undefined) => (value && parseRecordId(value) ? value : undefined),
  // id is the API's default order: the URL leaves it out.
  sort: (value: string | undefined) => SORTS.find((sort) => sort === value && sort !== 'id'),
} satisfies { [Name in keyof OrderFilters]: (value: string | undefined) => OrderFilters[Name] };

const TABS: StatusTab<OrderStatus, keyof OrderCounts>[] = [
  { status: undefined, label: 'All', count: 'total' },
  ...ORDER_STATUS_OPTIONS.map((status) => ({ status, label: ORDER_STATUS_LABELS[status], count: status })),
];

export function OrderCatalogue() {
  const query = useQuery();
  const state = readListState<OrderFilters>(query, ORDER_FILTER_PARSERS);
  // A petId the filter could not use (a hand-edited link) is shown in the field, with the reason.
  const rejectedPetId = typeof query.petId === 'string' && query.petId !== '' && !state.filters.petId ? query.petId : undefined;
  const { status, petName, petId } = state.filters;
  const sort = state.filters.sort ?? 'id';
  const petIdNumber = petId ? Number(petId) : undefined;
  const orders = useOrders({ limit: state.limit, status, petName, petId: petIdNumber, sort, cursor: state.cursors.at(-1) });
  // Every tab shows its own number: the counts take the other filters, not the status.
  const counts = useOrderCounts({ petName, petId: petIdNumber });
  const total = counts.data && counts.data[status ?? 'total'];
  const filtered = (filters: Partial<OrderFilters>) => listHref(PATH, withFilters(state, { ...state.filters, ...filters }));
  const [isPlacing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<Order>();
  // What Export CSV and "every order matching" read: the view's filters and order.
  const view = { status, petName, petId: petIdNumber, sort };
  const selection = useSelection<Order>(JSON.stringify({ status, petName, petId }));
  const bulkRun = useOrderBulkRun(selection, view);

  return (
    <>
      <PageHeader
        title="Orders"
        description={
          <>
            Orders placed in the store. <span className="font-medium">Experimental</span> in the API.
          </>
        }
        action={
          <div className="flex flex-wrap gap-2">
            <ExportOrdersButton params={view} total={total} />
            <RoleGate operation="placeOrder">
              <Button onClick={() => setPlacing(true)} onPointerEnter={loadPlaceOrderDialog} onFocus={loadPlaceOrderDialog}>
                <ShoppingBag aria-hidden />
                Place order
              </Button>
            </RoleGate>
          </div>
        }
      />
      <ReadOnlyNote operation="placeOrder" what="orders" />
      {isPlacing && (
        <PlaceOrderDialog
          onClose={() => setPlacing(false)}
          onPlaced={(order) => {
            setPlaced(order);
            setPlacing(false);
          }}
        />
      )}
      {placed && (
        <FlashNotice tone="success" className="mb-4" title={`Order ${placed.id} placed`} onDismiss={() => setPlaced(undefined)}>
          Quantity {placed.quantity}; the pet is now pending.{' '}
          <IntentLink href={`/orders/${placed.id}`} className="font-medium underline underline-offset-2">
            View order {placed.id}
          </IntentLink>
        </FlashNotice>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <PetSearch name={petName} onSearch={(name) => showList(filtered({ petName: name }), 'replace')} />
        <UrlSelect
          id="order-sort"
          label="Order"
          value={sort}
          hrefFor={(value) => filtered({ sort: value === 'id' ? undefined : (value as OrderSort) })}
          className="flex flex-col gap-1.5"
          selectClassName="h-10 w-48"
        >
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </UrlSelect>
        <PetIdFilter petId={petId} rejected={rejectedPetId} onFilter={(value) => showList(filtered({ petId: value }))} />
      </div>
      <StatusTabs tabs={TABS} current={status} counts={counts.data} hrefFor={(next) => filtered({ status: next })} noun={['order', 'orders']} />
      {(!selection.isEmpty || bulkRun.state.phase !== 'idle') && (
        <OrderBulkActions selection={selection} page={orders.data?.items ?? []} total={total} run={bulkRun} params={view} />
      )}
      {orders.isPending ? (
        <TableSkeleton columns={ORDER_COLUMNS} rows={Math.min(state.limit, 20)} label="Orders (loading)" />
      ) : orders.isError && !orders.data ? (
        <LoadError what="orders" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      ) : orders.data.items.length === 0 ? (
        <TableCard>
          {status || petName || petId || state.cursors.length > 0 ? (
            <EmptyState
              icon={<SearchX aria-hidden />}
              title="No orders match these filters"
              action={
                <ButtonLink href={PATH} variant="secondary" size="sm">
                  Clear filters
                </ButtonLink>
              }
            >
              {petName ? `No order's pet has a name containing “${petName}” here. ` : ''}Try another search, status or pet, or clear the filters to see every
              order.
            </EmptyState>
          ) : (
            <EmptyState icon={<Inbox aria-hidden />} title="No orders yet">
              Orders placed through the API appear in this list.
            </EmptyState>
          )}
        </TableCard>
      ) : (
        <>
          <p className="mb-2 text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
            {formatRange(state.cursors.length * state.limit + 1, orders.data.items.length, total)}
          </p>
          <OrderTable
            orders={orders.data.items}
            isUpdating={orders.isPlaceholderData}
            sorting={{ sort, hrefForSort: (next) => filtered({ sort: next === 'id' ? undefined : next }) }}
            selecting={{ selection, isLocked: bulkRun.isBusy }}
          />
        </>
      )}
      {orders.isError && orders.data && (
        <LoadError what="this page" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      )}
      <Pager pathname={PATH} state={state} nextCursor={orders.isPlaceholderData ? undefined : orders.data?.nextCursor} noun="Orders" />
    </>
  );
}
