'use client';
// PetDetails: one pet's fields and tags, when it was added and last changed, its
// orders, editing and deleting it, and ordering it while it is available (the
// Orders page's dialog, this pet given).
import { ArrowLeft, Pencil, ShoppingBag, ShoppingCart } from 'lucide-react';
import dynamic from 'next/dynamic';
import { IntentLink } from '@/components/intent-link';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { usePet, usePetTimestamps, type SavedPet } from '@/lib/client/hooks';
import type { Order } from '@/lib/contract/orders';
import { useCategoryName } from '../categories/category-names';
import { formatDateTime } from '../format';
import { LoadError } from '../load-error';
import { RecordDetails } from '../record-details';
import { Button, ButtonLink } from '../ui/button';
import { Notice } from '../ui/notice';
import { FlashNotice } from '../ui/flash-notice';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';
import { DeletePetButton } from './delete-pet-button';
import { PetGallery } from './pet-gallery';
import { PetOrders } from './pet-orders';
import { StatusBadge } from './status-badge';
import { TagChips } from '../tags/tag-chips';
import { RoleGate } from '../role-gate';
import { RecordHistory } from '../activity/record-history';

const loadEditPetDialog = () => import('./edit-pet-dialog');
const EditPetDialog = dynamic(loadEditPetDialog, { ssr: false });
const loadPlaceOrderDialog = () => import('../orders/place-order-dialog');
const PlaceOrderDialog = dynamic(loadPlaceOrderDialog, { ssr: false });

export function PetDetails({ petId }: { petId: number }) {
  const pet = usePet(petId);
  const timestamps = usePetTimestamps(petId).data;
  const categoryName = useCategoryName();
  const [isEditing, setEditing] = useState(false);
  const [isOrdering, setOrdering] = useState(false);
  const [placed, setPlaced] = useState<Order>();
  const [saved, setSaved] = useState<SavedPet>();
  const [deleted, setDeleted] = useState<string>();
  if (deleted) {
    return (
      <Notice tone="success" title={`${deleted} was deleted`}>
        <ButtonLink href="/pets" variant="secondary" size="sm" className="mt-2">
          <ArrowLeft aria-hidden />
          All pets
        </ButtonLink>
      </Notice>
    );
  }
  if (pet.error instanceof ApiClientError && pet.error.status === 404) {
    return (
      <Notice tone="warning" title={`No pet has id ${petId}`}>
        It may have been deleted, or never existed; check the id.
      </Notice>
    );
  }
  if (pet.isError) {
    return <LoadError what="this pet" error={pet.error} onRetry={() => void pet.refetch()} isRetrying={pet.isFetching} />;
  }
  const data = pet.data;
  return (
    <>
      <PageHeader
        title={data ? data.name : <Skeleton className="h-8 w-40" />}
        description={`Pet ${petId}`}
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={`/orders?petId=${petId}`} variant="secondary">
              <ShoppingCart aria-hidden />
              Orders for this pet
            </ButtonLink>
            <RoleGate operation="updatePet">
              {data && (
                <>
                  <Button variant="secondary" onClick={() => setEditing(true)} onPointerEnter={loadEditPetDialog} onFocus={loadEditPetDialog}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                  <DeletePetButton pet={data} onDeleted={() => setDeleted(data.name)} />
                </>
              )}
              {data?.status === 'available' && (
                <Button onClick={() => setOrdering(true)} onPointerEnter={loadPlaceOrderDialog} onFocus={loadPlaceOrderDialog}>
                  <ShoppingBag aria-hidden />
                  Place order
                </Button>
              )}
            </RoleGate>
          </div>
        }
      />
      {isEditing && data && (
        <EditPetDialog
          pet={data}
          onClose={() => setEditing(false)}
          onSaved={(pet) => {
            setSaved(pet);
            setEditing(false);
          }}
        />
      )}
      {saved && <FlashNotice tone="success" className="mb-4" title="Changes saved" onDismiss={() => setSaved(undefined)} />}
      {isOrdering && data && (
        <PlaceOrderDialog
          pet={data}
          onClose={() => setOrdering(false)}
          onPlaced={(order) => {
            setPlaced(order);
            setOrdering(false);
          }}
        />
      )}
      {placed && (
        <FlashNotice tone="success" title="Order placed" className="mb-4" onDismiss={() => setPlaced(undefined)}>
          <IntentLink href={`/orders/${placed.id}`} className="underline underline-offset-2">
            Order {placed.id}
          </IntentLink>{' '}
          is placed (quantity {placed.quantity}); the pet is now pending.
        </FlashNotice>
      )}
      <RecordDetails
        isLoading={pet.isPending}
        fields={[
          { label: 'ID', value: <span className="font-mono">{data?.id}</span> },
          { label: 'Name', value: data?.name },
          {
            label: 'Category',
            value: data && (
              <>
                {categoryName(data.categoryId)}
                <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">#{data.categoryId}</span>
              </>
            ),
          },
          { label: 'Status', value: <StatusBadge status={data?.status} /> },
          {
            label: 'Tags',
            value:
              data &&
              (data.tags?.length ? (
                <TagChips tags={data.tags} linkFor={(tag) => ({ href: `/pets?tag=${encodeURIComponent(tag)}`, isOtherPage: true })} label="Tags" />
              ) : (
                <span className="text-zinc-500 dark:text-zinc-400">None</span>
              )),
          },
          { label: 'Added', value: <Timestamp iso={timestamps?.createdAt} /> },
          { label: 'Last changed', value: <Timestamp iso={timestamps?.updatedAt} /> },
        ]}
      />
      <PetGallery petId={petId} petName={data?.name} />
      <PetOrders petId={petId} />
      <RecordHistory resource="pet" id={petId} />
    </>
  );
}

function Timestamp({ iso }: { iso: string | undefined }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : <Skeleton className="h-4 w-32" />;
}
