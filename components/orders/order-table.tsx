// OrderTable: one page of orders; the order id links to the order, the pet to the pet.
import Link from 'next/link';
import type { Order } from '@/lib/contract/orders';
import { formatDateTime } from '../format';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { OrderStatusBadge } from './order-status-badge';

export const ORDER_COLUMNS = [{ title: 'Order' }, { title: 'Pet' }, { title: 'Quantity', className: 'text-right' }, { title: 'Status' }, { title: 'Ship date' }];

const link = 'rounded underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:decoration-zinc-600 dark:hover:text-indigo-300';

export function OrderTable({ orders, isUpdating }: { orders: Order[]; isUpdating: boolean }) {
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label="Orders" aria-busy={isUpdating}>
        <TableHead columns={ORDER_COLUMNS} />
        <tbody>
          {orders.map((order) => (
            <Tr key={order.id}>
              <Td className="font-medium">
                <Link href={`/orders/${order.id}`} className={link}>
                  Order {order.id}
                </Link>
              </Td>
              <Td>
                <Link href={`/pets/${order.petId}`} className={`${link} text-zinc-700 dark:text-zinc-300`}>
                  Pet {order.petId}
                </Link>
              </Td>
              <Td className="text-right tabular-nums">{order.quantity}</Td>
              <Td>
                <OrderStatusBadge status={order.status} />
              </Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{formatDateTime(order.shipDate, 'Not shipped')}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}
