'use client';
// PetDetails: one pet's fields, the way to its orders, and ordering it while it is available.
import { ShoppingCart } from 'lucide-react';
import { ApiClientError } from '@/lib/client/api-client';
import { usePet, usePlaceOrder } from '@/lib/client/hooks';
import { LoadError } from '../load-error';
import { RecordDetails } from '../record-details';
import { ButtonLink } from '../ui/button';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';
import { PlaceOrderButton, PlaceOrderOutcome } from './place-order-button';
import { StatusBadge } from './status-badge';

export function PetDetails({ petId }: { petId: number }) {
  const pet = usePet(petId);
  const placeOrder = usePlaceOrder();
  if (pet.error instanceof ApiClientError && pet.error.status === 404) {
    return <Notice tone="warning" title={`No pet has id ${petId}`}>It may never have existed; check the id.</Notice>;
  }
  if (pet.isError) {
    return <LoadError what="this pet" error={pet.error} onRetry={() => void pet.refetch()} isRetrying={pet.isFetching} />;
  }
  return (
    <>
      <PageHeader
        title={pet.data ? pet.data.name : <Skeleton className="h-8 w-40" />}
        description={`Pet ${petId}`}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={`/orders?petId=${petId}`} variant="secondary">
              <ShoppingCart aria-hidden />
              Orders for this pet
            </ButtonLink>
            {pet.data?.status === 'available' && <PlaceOrderButton petId={petId} placeOrder={placeOrder} />}
          </div>
        }
      />
      <PlaceOrderOutcome placeOrder={placeOrder} />
      <RecordDetails
        isLoading={pet.isPending}
        fields={[
          { label: 'ID', value: <span className="font-mono">{pet.data?.id}</span> },
          { label: 'Name', value: pet.data?.name },
          { label: 'Category ID', value: pet.data?.categoryId },
          { label: 'Status', value: <StatusBadge status={pet.data?.status} /> },
        ]}
      />
    </>
  );
}
