'use client';
// DeletePetButton: deletes a pet after a confirmation. A pet with orders is
// kept (orders are history): the dialog then says so and links to its orders.
import { Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { useDeletePet } from '@/lib/client/hooks';
import type { Pet } from '@/lib/contract/pets';
import { errorsFromApi } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Notice } from '../ui/notice';

export function DeletePetButton({ pet, onDeleted }: { pet: Pet; onDeleted: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const deletePet = useDeletePet(pet.id);
  const hasOrders = deletePet.error instanceof ApiClientError && deletePet.error.status === 409;
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) deletePet.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent title={`Delete ${pet.name}?`} description="The pet leaves the catalogue for good. A pet with orders cannot be deleted.">
        {deletePet.isError && (
          <Notice tone="error" title={hasOrders ? `${pet.name} has orders and was not deleted` : 'The pet was not deleted'} className="mb-4">
            <p>{errorsFromApi(deletePet.error).message}</p>
            {hasOrders && (
              <p className="mt-1">
                <Link href={`/orders?petId=${pet.id}`} className="font-medium underline underline-offset-2">
                  See its orders
                </Link>
              </p>
            )}
          </Notice>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={deletePet.isPending}>
              {hasOrders ? 'Close' : 'Keep pet'}
            </Button>
          </DialogClose>
          {!hasOrders && (
            <Button
              variant="danger"
              disabled={deletePet.isPending}
              onClick={() => deletePet.mutate(undefined, { onSuccess: () => (setOpen(false), onDeleted()) })}
            >
              {deletePet.isPending ? 'Deleting…' : 'Delete pet'}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
