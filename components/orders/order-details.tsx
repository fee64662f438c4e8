'use client';
// OrderDetails: one order's fields, its pet (a link, and the pet's status now),
// and the moves its status allows.
import { IntentLink } from '@/components/intent-link';
import { ApiClientError } from '@/lib/client/api-client';
import { useOrder, usePet } from '@/lib/client/hooks';
import { formatDateTime } from '../format';
import { StatusBadge } from '../pets/status-badge';
import { LoadError } from '../load-error';
import { RecordDetails } from '../record-details';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';
import { OrderMoves } from './order-moves';
import { OrderStatusBadge } from './order-status-badge';
import { RoleGate } from '../role-gate';
import { RecordHistory } from '../activity/record-history';

export function OrderDetails({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (order.error instanceof ApiClientError && order.error.status === 404) {
    return (
      <Notice tone="warning" title={`No order has id ${orderId}`}>
        It may never have existed; check the id.
      </Notice>
    );
  }
  if (order.isError) {
    return <LoadError what="this order" error={order.error} onRetry={() => void order.refetch()} isRetrying={order.isFetching} />;
  }
  const data = order.data;
  return (
    <>
      <PageHeader title={`Order ${orderId}`} description="An order placed in the store (experimental in the API)." />
      <RoleGate operation="updateOrder">{data && <OrderMoves order={data} />}</RoleGate>
      <RecordDetails
        isLoading={order.isPending}
        fields={[
          { label: 'ID', value: <span className="font-mono">{data?.id}</span> },
          {
            label: 'Pet',
            value: data && <PetLink petId={data.petId} />,
          },
          { label: 'Pet status', value: data && <PetStatus petId={data.petId} /> },
          { label: 'Quantity', value: data?.quantity },
          { label: 'Status', value: data && <OrderStatusBadge status={data.status} /> },
          { label: 'Ship date', value: formatDateTime(data?.shipDate, 'Not shipped yet') },
          { label: 'Placed', value: formatDateTime(data?.createdAt) },
        ]}
      />
      <RecordHistory resource="order" id={orderId} />
    </>
  );
}

// The pet's status as the API has it now (it refreshes after each move); shares PetLink's query.
function PetStatus({ petId }: { petId: number }) {
  const pet = usePet(petId);
  if (pet.isError) return <span className="text-zinc-500 dark:text-zinc-400">Unknown (the pet could not be loaded)</span>;
  return pet.data ? <StatusBadge status={pet.data.status} /> : <Skeleton className="h-4 w-20" />;
}

// The pet by name once it has loaded ("Pet 12" until then, or if it cannot be), and its id beside it.
function PetLink({ petId }: { petId: number }) {
  const pet = usePet(petId);
  return (
    <>
      <IntentLink href={`/pets/${petId}`} className="rounded text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
        {pet.data?.name ?? `Pet ${petId}`}
      </IntentLink>
      <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">#{petId}</span>
    </>
  );
}
