'use client';
// OrderCatalogue: the orders page's interactive part: status and pet filters and
// the page, all in the URL; "Place order" opens a dialog and ends with a notice
// linking to the new order.
import { Inbox, SearchX, ShoppingBag } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useOrders } from '@/lib/client/hooks';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import { hasFilters, listHref, withFilters, type ListState } from '../list-url';
import { LoadError } from '../load-error';
import { Pager } from '../pager';
import { TableSkeleton } from '../table-skeleton';
import { Button, ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { UrlSelect } from '../url-select';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { TableCard } from '../ui/table';
import { ORDER_STATUS_LABELS, ORDER_STATUS_OPTIONS } from './order-status-badge';
import { ORDER_COLUMNS, OrderTable } from './order-table';
import { PetIdFilter } from './pet-id-filter';

export type OrderFilters = { status: OrderStatus | undefined; petId: string | undefined };

const PATH = '/orders';

const loadPlaceOrderDialog = () => import('./place-order-dialog');
const PlaceOrderDialog = dynamic(loadPlaceOrderDialog, { ssr: false });

export function OrderCatalogue({ state, rejectedPetId }: { state: ListState<OrderFilters>; rejectedPetId?: string }) {
  const router = useRouter();
  const { status, petId } = state.filters;
  const orders = useOrders({ limit: state.limit, status, petId: petId ? Number(petId) : undefined, cursor: state.cursors.at(-1) });
  const filtered = (filters: Partial<OrderFilters>) => listHref(PATH, withFilters(state, { ...state.filters, ...filters }));
  const [isPlacing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<Order>();

  return (
    <>
      <PageHeader
        title="Orders"
        description={
          <>
            Orders placed in the store, oldest first. <span className="font-medium">Experimental</span> in the API.
          </>
        }
        action={
          <Button onClick={() => setPlacing(true)} onPointerEnter={loadPlaceOrderDialog} onFocus={loadPlaceOrderDialog}>
            <ShoppingBag aria-hidden />
            Place order
          </Button>
        }
      />
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
        <Notice
          tone="success"
          className="mb-4"
          title={`Order ${placed.id} placed`}
          onDismiss={() => setPlaced(undefined)}
        >
          Quantity {placed.quantity}; the pet is now pending.{' '}
          <Link href={`/orders/${placed.id}`} className="font-medium underline underline-offset-2">
            View order {placed.id}
          </Link>
        </Notice>
      )}
      <div className="mb-4 flex flex-wrap items-start gap-4">
        <UrlSelect
          id="order-status-filter"
          label="Status"
          value={status ?? ''}
          hrefFor={(value) => filtered({ status: (value || undefined) as OrderStatus | undefined })}
          className="flex items-center gap-3"
          selectClassName="h-10 w-40"
        >
          <option value="">All statuses</option>
          {ORDER_STATUS_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </UrlSelect>
        <PetIdFilter petId={petId} rejected={rejectedPetId} onFilter={(value) => router.push(filtered({ petId: value }))} />
      </div>
      {orders.isPending ? (
        <TableSkeleton columns={ORDER_COLUMNS} rows={Math.min(state.limit, 20)} label="Orders (loading)" />
      ) : orders.isError && !orders.data ? (
        <LoadError what="orders" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      ) : orders.data.items.length === 0 ? (
        <TableCard>
          {hasFilters(state.filters) || state.cursors.length > 0 ? (
            <EmptyState
              icon={<SearchX aria-hidden />}
              title="No orders match these filters"
              action={
                <ButtonLink href={PATH} variant="secondary" size="sm">
                  Clear filters
                </ButtonLink>
              }
            >
              Try another status or pet, or clear the filters to see every order.
            </EmptyState>
          ) : (
            <EmptyState icon={<Inbox aria-hidden />} title="No orders yet">
              Orders placed through the API appear in this list.
            </EmptyState>
          )}
        </TableCard>
      ) : (
        <OrderTable orders={orders.data.items} isUpdating={orders.isPlaceholderData} />
      )}
      <Pager pathname={PATH} state={state} nextCursor={orders.isPlaceholderData ? undefined : orders.data?.nextCursor} noun="Orders" />
    </>
  );
}
