'use client';
// PetOrders: the "Orders" section of a pet's page: its latest orders, each linked
// to its page, and the way to all of them on the orders list when there are more.
import { Inbox } from 'lucide-react';
import { useOrderCounts, useOrders } from '@/lib/client/hooks';
import { formatCount } from '../format';
import { LoadError } from '../load-error';
import { OrderTable, PET_ORDER_COLUMNS } from '../orders/order-table';
import { TableSkeleton } from '../table-skeleton';
import { ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { TableCard } from '../ui/table';

const SHOWN = 10;

export function PetOrders({ petId }: { petId: number }) {
  const orders = useOrders({ petId, sort: '-createdAt', limit: SHOWN });
  const total = useOrderCounts({ petId }).data?.total;
  return (
    <section aria-labelledby="pet-orders-heading" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pet-orders-heading" className="text-lg font-semibold">
          Orders {total !== undefined && <span className="ml-1 text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">{formatCount(total)}</span>}
        </h2>
        {total !== undefined && total > SHOWN && (
          <ButtonLink href={`/orders?petId=${petId}&sort=-createdAt`} variant="secondary" size="sm">
            All {formatCount(total)} orders
          </ButtonLink>
        )}
      </div>
      {orders.isPending ? (
        <TableSkeleton columns={PET_ORDER_COLUMNS} rows={3} label="Orders for this pet (loading)" />
      ) : orders.isError ? (
        <LoadError what="this pet's orders" error={orders.error} onRetry={() => void orders.refetch()} isRetrying={orders.isFetching} />
      ) : orders.data.items.length === 0 ? (
        <TableCard>
          <EmptyState icon={<Inbox aria-hidden />} title="No orders for this pet yet" />
        </TableCard>
      ) : (
        <OrderTable orders={orders.data.items} isUpdating={orders.isPlaceholderData} withPet={false} label="Orders for this pet, latest first" />
      )}
    </section>
  );
}
