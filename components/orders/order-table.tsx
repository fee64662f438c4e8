'use client';
// OrderTable: one page of orders; the order id links to the order, the pet (by
// name) to the pet. The page's pet names come in one batch read; until they
// do, a neutral placeholder stands in (never a made-up name). On a pet's page
// the pet column is left out; on the orders list the Order and Placed headers sort,
// and a checkbox per row and one for the page select orders for bulk work.
import { usePetsById } from '@/lib/client/hooks';
import type { Order, OrderSort } from '@/lib/contract/orders';
import type { Pet } from '@/lib/contract/pets';
import { formatDateTime, splitDateTime } from '../format';
import { IntentLink } from '../intent-link';
import { SelectCheckbox } from '../selection/select-checkbox';
import type { Selection } from '../selection/use-selection';
import { SortableTh } from '../sortable-th';
import { Table, TableCard, TableHead, Td, Th, Tr } from '../ui/table';
import { OrderStatusBadge } from './order-status-badge';

export const ORDER_COLUMNS = [
  { title: 'Order' },
  { title: 'Pet' },
  { title: 'Quantity', className: 'text-right' },
  { title: 'Status' },
  { title: 'Placed' },
  { title: 'Ship date' },
];

/** The columns of one pet's orders: no pet column. */
export const PET_ORDER_COLUMNS = ORDER_COLUMNS.filter((column) => column.title !== 'Pet');

type Sorting = { sort: OrderSort; hrefForSort: (sort: OrderSort) => string };

/** The list's selection, and whether a bulk run holds it still. */
type Selecting = { selection: Selection<Order>; isLocked: boolean };

const link =
  'rounded underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:decoration-zinc-600 dark:hover:text-indigo-300';

export function OrderTable({
  orders,
  isUpdating,
  sorting,
  selecting,
  withPet = true,
  label = 'Orders',
}: {
  orders: Order[];
  isUpdating: boolean;
  sorting?: Sorting;
  selecting?: Selecting;
  withPet?: boolean;
  label?: string;
}) {
  const pets = usePetsById(withPet ? orders.map((order) => order.petId) : []);
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label={label} aria-busy={isUpdating}>
        {sorting ? (
          <SortingHead sorting={sorting} selecting={selecting} orders={orders} />
        ) : (
          <TableHead columns={withPet ? ORDER_COLUMNS : PET_ORDER_COLUMNS} />
        )}
        <tbody>
          {orders.map((order) => {
            const placed = splitDateTime(order.createdAt);
            return (
              <Tr key={order.id} className={selecting?.selection.has(order.id) ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : undefined}>
                {selecting && (
                  <Td className="w-px pr-0">
                    <SelectCheckbox
                      label={`Select order ${order.id}`}
                      checked={selecting.selection.has(order.id)}
                      disabled={selecting.isLocked}
                      onChange={() => selecting.selection.toggle(order, orders)}
                    />
                  </Td>
                )}
                <Td className="font-medium">
                  <IntentLink href={`/orders/${order.id}`} className={link}>
                    Order {order.id}
                  </IntentLink>
                </Td>
                {withPet && (
                  <Td wraps>
                    <IntentLink href={`/pets/${order.petId}`} className={`${link} text-zinc-700 dark:text-zinc-300`}>
                      <PetName pets={pets} petId={order.petId} />
                    </IntentLink>
                    <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">#{order.petId}</span>
                  </Td>
                )}
                <Td className="text-right tabular-nums">{order.quantity}</Td>
                <Td>
                  <OrderStatusBadge status={order.status} />
                </Td>
                <Td className="text-zinc-600 dark:text-zinc-400">
                  <time dateTime={order.createdAt} className="flex flex-col leading-tight">
                    <span>{placed.date}</span>
                    <span className="text-xs">{placed.time}</span>
                  </time>
                </Td>
                <Td className="text-zinc-600 dark:text-zinc-400">{formatDateTime(order.shipDate, 'Not shipped')}</Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </TableCard>
  );
}

/** The orders list's header: the page's checkbox; Order and Placed sort (by id, by date placed). */
function SortingHead({ sorting, selecting, orders }: { sorting: Sorting; selecting: Selecting | undefined; orders: Order[] }) {
  const selectedOnPage = selecting ? orders.filter((order) => selecting.selection.has(order.id)).length : 0;
  return (
    <thead
      role="rowgroup"
      className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
    >
      <tr role="row">
        {selecting && (
          <Th className="w-px pr-0" data-stacked-title="Select this page">
            <SelectCheckbox
              label={`Select all ${orders.length} orders on this page`}
              checked={selectedOnPage === orders.length}
              isMixed={selectedOnPage > 0 && selectedOnPage < orders.length}
              disabled={selecting.isLocked}
              onChange={(isSelected) => selecting.selection.setPage(orders, isSelected)}
            />
          </Th>
        )}
        <SortableTh title="Order" sortKey="id" {...sorting} />
        <Th>Pet</Th>
        <Th className="text-right">Quantity</Th>
        <Th>Status</Th>
        <SortableTh title="Placed" sortKey="createdAt" {...sorting} />
        <Th>Ship date</Th>
      </tr>
    </thead>
  );
}

/** The pet's name; a placeholder while the names load; plain words if the pet is gone. */
function PetName({ pets, petId }: { pets: Map<number, Pet> | undefined; petId: number }) {
  if (!pets) {
    return (
      <span data-testid="pet-name-loading" className="inline-block h-3.5 w-20 animate-pulse rounded bg-zinc-200 align-middle dark:bg-zinc-700">
        <span className="sr-only">Loading the pet’s name</span>
      </span>
    );
  }
  return <>{pets.get(petId)?.name ?? 'Pet not found'}</>;
}
