'use client';
// PetCatalogue: the pets page's interactive part. The status filter, the page
// and its size come from the URL; adding a pet happens in a dialog and ends
// with a notice linking to the new pet.
import { PawPrint, Plus, SearchX } from 'lucide-react';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { usePets } from '@/lib/client/hooks';
import type { Pet, PetStatus } from '@/lib/contract/pets';
import { hasFilters, listHref, withFilters, type ListState } from '../list-url';
import { LoadError } from '../load-error';
import { Pager } from '../pager';
import { TableSkeleton } from '../table-skeleton';
import { Button, ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Select } from '../ui/field';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { TableCard } from '../ui/table';
import { useSelectNavigation } from '../use-select-navigation';
import { PetTable, PET_COLUMNS } from './pet-table';
import { PET_STATUS_LABELS, PET_STATUS_OPTIONS } from './status-badge';

export type PetFilters = { status: PetStatus | undefined };

const PATH = '/pets';

// The dialog (zod, Radix) stays out of the first load; hovering or focusing the button fetches it early.
const loadAddPetDialog = () => import('./add-pet-dialog');
const AddPetDialog = dynamic(loadAddPetDialog, { ssr: false });

export function PetCatalogue({ state }: { state: ListState<PetFilters> }) {
  const statusSelect = useSelectNavigation(state.filters.status ?? '');
  const [isAdding, setAdding] = useState(false);
  const [added, setAdded] = useState<Pet>();
  const pets = usePets({ limit: state.limit, status: state.filters.status, cursor: state.cursors.at(-1) });

  return (
    <>
      <PageHeader
        title="Pets"
        description="Every animal in the catalogue, oldest first."
        action={
          <Button onClick={() => setAdding(true)} onPointerEnter={loadAddPetDialog} onFocus={loadAddPetDialog}>
            <Plus aria-hidden />
            Add pet
          </Button>
        }
      />
      {isAdding && (
        <AddPetDialog
          onClose={() => setAdding(false)}
          onAdded={(pet) => {
            setAdded(pet);
            setAdding(false);
          }}
        />
      )}
      {added && (
        <Notice
          tone="success"
          className="mb-4"
          title={`${added.name} was added`}
          action={
            <Button variant="ghost" size="sm" onClick={() => setAdded(undefined)}>
              Dismiss
            </Button>
          }
        >
          Pet id {added.id}.{' '}
          <Link href={`/pets/${added.id}`} className="font-medium underline underline-offset-2">
            View {added.name}
          </Link>
        </Notice>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label htmlFor="status-filter" className="text-sm font-medium">
          Status
        </label>
        <Select
          id="status-filter"
          className="h-10 w-44"
          value={statusSelect.value}
          onFocus={statusSelect.onFocus}
          onChange={(event) =>
            statusSelect.choose(
              event.target.value,
              listHref(PATH, withFilters(state, { status: (event.target.value || undefined) as PetStatus | undefined })),
            )
          }
        >
          <option value="">All statuses</option>
          {PET_STATUS_OPTIONS.map((status) => (
            <option key={status} value={status}>
              {PET_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      {pets.isPending ? (
        <TableSkeleton columns={PET_COLUMNS} rows={Math.min(state.limit, 20)} label="Pets (loading)" />
      ) : pets.isError && !pets.data ? (
        <LoadError what="pets" error={pets.error} onRetry={() => void pets.refetch()} isRetrying={pets.isFetching} />
      ) : pets.data.items.length === 0 ? (
        <TableCard>
          {hasFilters(state.filters) || state.cursors.length > 0 ? (
            <EmptyState
              icon={<SearchX aria-hidden />}
              title="No pets match these filters"
              action={
                <ButtonLink href={PATH} variant="secondary" size="sm">
                  Clear filters
                </ButtonLink>
              }
            >
              Try another status, or clear the filters to see every pet.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<PawPrint aria-hidden />}
              title="No pets yet"
              action={
                <Button size="sm" onClick={() => setAdding(true)}>
                  <Plus aria-hidden />
                  Add the first pet
                </Button>
              }
            >
              Pets added here or through the API appear in this list.
            </EmptyState>
          )}
        </TableCard>
      ) : (
        <PetTable pets={pets.data.items} isUpdating={pets.isPlaceholderData} />
      )}
      {pets.isError && pets.data && (
        <LoadError what="this page" error={pets.error} onRetry={() => void pets.refetch()} isRetrying={pets.isFetching} />
      )}
      <Pager pathname={PATH} state={state} nextCursor={pets.isPlaceholderData ? undefined : pets.data?.nextCursor} noun="Pets" />
    </>
  );
}
