'use client';
// DeletePetButton: deletes a pet after a confirmation. A pet with orders is
// kept (orders are history): the dialog then says so and links to its orders.
import { Trash2 } from 'lucide-react';
import { IntentLink } from '@/components/intent-link';
import { ApiClientError } from '@/lib/client/api-client';
import { useDeletePet } from '@/lib/client/hooks';
import type { Pet } from '@/lib/contract/pets';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

export function DeletePetButton({ pet, onDeleted }: { pet: Pet; onDeleted: () => void }) {
  const deletePet = useDeletePet(pet.id);
  const hasOrders = deletePet.error instanceof ApiClientError && deletePet.error.status === 409;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      title={`Delete ${pet.name}?`}
      description="The pet leaves the catalogue for good. A pet with orders cannot be deleted."
      mutation={deletePet}
      run={(close) => deletePet.mutate(undefined, { onSuccess: () => (close(), onDeleted()) })}
      confirmLabel="Delete pet"
      pendingLabel="Deleting…"
      cancelLabel={hasOrders ? 'Close' : 'Keep pet'}
      isDanger
      canConfirm={!hasOrders}
      errorTitle={hasOrders ? `${pet.name} has orders and was not deleted` : 'The pet was not deleted'}
      errorDetail={
        hasOrders && (
          <p className="mt-1">
            <IntentLink href={`/orders?petId=${pet.id}`} className="font-medium underline underline-offset-2">
              See its orders
            </IntentLink>
          </p>
        )
      }
    />
  );
}
