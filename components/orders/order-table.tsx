'use client';
// OrderTable: one page of orders; the order id links to the order, the pet (by
// name) to the pet. The page's distinct pets are fetched once each and shared
// with the pet pages' cache.
import Link from 'next/link';
import { usePetsById } from '@/lib/client/hooks';
import type { Order } from '@/lib/contract/orders';
import { formatDateTime, splitDateTime } from '../format';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { OrderStatusBadge } from './order-status-badge';

export const ORDER_COLUMNS = [
  { title: 'Order' },
  { title: 'Pet' },
  { title: 'Quantity', className: 'text-right' },
  { title: 'Status' },
  { title: 'Placed' },
  { title: 'Ship date' },
];

const link = 'rounded underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:decoration-zinc-600 dark:hover:text-indigo-300';

export function OrderTable({ orders, isUpdating }: { orders: Order[]; isUpdating: boolean }) {
  const pets = usePetsById(orders.map((order) => order.petId));
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label="Orders" aria-busy={isUpdating}>
        <TableHead columns={ORDER_COLUMNS} />
        <tbody>
          {orders.map((order) => {
            const placed = splitDateTime(order.createdAt);
            return (
              <Tr key={order.id}>
                <Td className="font-medium">
                  <Link href={`/orders/${order.id}`} className={link}>
                    Order {order.id}
                  </Link>
                </Td>
                <Td>
                  <Link href={`/pets/${order.petId}`} className={`${link} text-zinc-700 dark:text-zinc-300`}>
                    {pets.get(order.petId)?.name ?? `Pet ${order.petId}`}
                  </Link>
                  <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">#{order.petId}</span>
                </Td>
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
