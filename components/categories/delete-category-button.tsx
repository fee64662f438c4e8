'use client';
// DeleteCategoryButton: deletes a category after a confirmation. While pets
// use it the service refuses, and the dialog says how many and links to them.
import { Trash2 } from 'lucide-react';
import { IntentLink } from '@/components/intent-link';
import { ApiClientError } from '@/lib/client/api-client';
import { useDeleteCategory } from '@/lib/client/hooks';
import type { ListedCategory } from '@/lib/contract/categories';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { petsText } from './pet-count';

export function DeleteCategoryButton({ category }: { category: ListedCategory }) {
  const deleteCategory = useDeleteCategory(category.id);
  const isInUse = deleteCategory.error instanceof ApiClientError && deleteCategory.error.status === 409;
  const description =
    category.petCount > 0
      ? `${petsText(category.petCount)} in this category. A category can be deleted only when no pet is in it.`
      : 'No pet is in this category. It leaves the catalogue for good.';
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Delete ${category.name}`} className="text-red-700 dark:text-red-400">
          <Trash2 aria-hidden />
          <span className="hidden sm:inline">Delete</span>
        </Button>
      }
      title={`Delete ${category.name}?`}
      description={description}
      mutation={deleteCategory}
      run={(close) => deleteCategory.mutate(undefined, { onSuccess: close })}
      confirmLabel="Delete category"
      pendingLabel="Deleting…"
      cancelLabel={isInUse ? 'Close' : 'Keep category'}
      isDanger
      canConfirm={!isInUse}
      errorTitle={isInUse ? `${category.name} is in use and was not deleted` : 'The category was not deleted'}
      errorDetail={
        isInUse && (
          <p className="mt-1">
            <IntentLink href={`/pets?categoryId=${category.id}`} className="font-medium underline underline-offset-2">
              See its pets
            </IntentLink>
          </p>
        )
      }
    />
  );
}
