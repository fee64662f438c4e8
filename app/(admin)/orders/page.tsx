// /orders: the store's orders, filtered and paged by the URL (read in the
// browser: a filter changes the URL in place, components/list-navigation.tsx).
import type { Metadata } from 'next';
import { OrderCatalogue } from '@/components/orders/order-catalogue';

export const metadata: Metadata = { title: 'Orders' };

export default function OrdersPage() {
  return <OrderCatalogue />;
}
