'use client';
// PetCatalogue: the pets page's interactive part. Search, category, tags, order,
// status tab, page and page size come from the URL; the tabs carry counts and
// the list its place in the whole ("1–20 of 1,234"). Adding a pet happens in
// a dialog and ends with a notice linking to the new pet. Selected pets can
// be changed, tagged, deleted or exported together (bulk-actions.tsx).
import { FileUp, PawPrint, Plus, SearchX } from 'lucide-react';
import { IntentLink } from '@/components/intent-link';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useCategories, usePetCounts, usePets, type SavedPet } from '@/lib/client/hooks';
import { idPages, lastPageCursors, viewPages } from '@/lib/client/pet-pages';
import { usePetstoreClient } from '@/lib/client/provider';
import type { PetCounts, PetSort } from '@/lib/contract/pets';
import { tagKey } from '@/lib/contract/tag-values';
import { plainMessage } from '../form-errors';
import { formatRange } from '../format';
import { showList, useQuery } from '../list-navigation';
import { StatusTabs, type StatusTab as Tab } from '../status-tabs';
import { listHref, readListState, withFilters } from '../list-url';
import { LoadError } from '../load-error';
import { Pager } from '../pager';
import { TableSkeleton } from '../table-skeleton';
import { Button, ButtonLink } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { UrlSelect } from '../url-select';
import { FlashNotice } from '../ui/flash-notice';
import { PageHeader } from '../ui/page-header';
import { TableCard } from '../ui/table';
import { ExportPetsButton } from './export-pets-button';
import { countParams, isNarrowed, listParams, PET_FILTER_PARSERS, viewParams, type PetFilters, type StatusTab } from './pet-list-state';
import { PetSearch } from './pet-search';
import { PetTable, PET_COLUMNS } from './pet-table';
import { NarrowedToTags, TagFilter } from './tag-filter';
import { useBulkRun } from './use-bulk-run';
import { usePetSelection } from './use-pet-selection';
import { ReadOnlyNote, RoleGate } from '../role-gate';

const PATH = '/pets';

const TABS: Tab<StatusTab, keyof PetCounts>[] = [
  { status: undefined, label: 'All', count: 'total' },
  { status: 'available', label: 'Available', count: 'available' },
  { status: 'pending', label: 'Pending', count: 'pending' },
  { status: 'sold', label: 'Sold', count: 'sold' },
  { status: 'none', label: 'No status', count: 'none' },
];

const SORT_LABELS: Record<PetSort, string> = { id: 'Oldest first', '-id': 'Newest first', name: 'Name, A to Z', '-name': 'Name, Z to A' };

// The dialog (zod, Radix) stays out of the first load; hovering or focusing the button fetches it early.
const loadAddPetDialog = () => import('./add-pet-dialog');
const AddPetDialog = dynamic(loadAddPetDialog, { ssr: false });
// So is the selection's bar (its dialogs, Radix): it shows once a pet is selected.
const BulkActions = dynamic(() => import('./bulk-actions').then((module) => module.BulkActions), { ssr: false });

export function PetCatalogue() {
  const state = readListState<PetFilters>(useQuery(), PET_FILTER_PARSERS);
  const [isAdding, setAdding] = useState(false);
  const [added, setAdded] = useState<SavedPet>();
  const { filters } = state;
  const pets = usePets(listParams(state));
  const counts = usePetCounts(countParams(filters));
  const categories = useCategories();
  const hrefWith = (changes: Partial<PetFilters>) => listHref(PATH, withFilters(state, { ...filters, ...changes }));
  const sort = filters.sort ?? 'id';
  const total = counts.data && (filters.status ? counts.data[filters.status === 'none' ? 'none' : filters.status] : counts.data.total);
  const view = viewParams(filters);
  const tags = filters.tag ?? [];
  const hrefForTags = (next: string[]) => hrefWith({ tag: next.length > 0 ? next : undefined });
  // A tag of a pet's row narrows the list to it too (the list's other tags kept).
  const hrefForTag = (tag: string) => hrefForTags(tags.some((each) => tagKey(each) === tagKey(tag)) ? tags : [...tags, tag]);
  const selection = usePetSelection(JSON.stringify({ ...countParams(filters), status: filters.status }), filters.status, tags);
  const bulkRun = useBulkRun(selection, view);
  const client = usePetstoreClient();

  return (
    <>
      <PageHeader
        title="Pets"
        description="Every animal in the catalogue."
        action={
          <div className="flex flex-wrap gap-2">
            <ExportPetsButton pages={(client) => viewPages(client, view)} total={total} />
            <RoleGate operation="createImport">
              <ButtonLink href="/pets/import" variant="secondary">
                <FileUp aria-hidden />
                Import CSV
              </ButtonLink>
            </RoleGate>
            <RoleGate operation="createPet">
              <Button onClick={() => setAdding(true)} onPointerEnter={loadAddPetDialog} onFocus={loadAddPetDialog}>
                <Plus aria-hidden />
                Add pet
              </Button>
            </RoleGate>
          </div>
        }
      />
      <ReadOnlyNote operation="createPet" what="pets" />
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
        <FlashNotice
          tone={added.tagsRefusal ? 'warning' : 'success'}
          className="mb-4"
          title={added.tagsRefusal ? `${added.pet.name} was added, without its tags` : `${added.pet.name} was added`}
          onDismiss={() => setAdded(undefined)}
        >
          {added.tagsRefusal && `The tags were not saved: ${plainMessage(added.tagsRefusal)} Add them from the pet’s page. `}
          Pet id {added.pet.id}.{' '}
          <IntentLink href={`/pets/${added.pet.id}`} className="font-medium underline underline-offset-2">
            View {added.pet.name}
          </IntentLink>
        </FlashNotice>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <PetSearch name={filters.name} onSearch={(name) => showList(hrefWith({ name }), 'replace')} />
        <UrlSelect
          id="category-filter"
          label="Category"
          value={filters.categoryId ?? ''}
          hrefFor={(categoryId) => hrefWith({ categoryId: categoryId || undefined })}
          className="flex flex-col gap-1.5"
          selectClassName="h-10 w-44"
        >
          <option value="">All categories</option>
          {filters.categoryId && !categories.data?.some((category) => String(category.id) === filters.categoryId) && (
            <option value={filters.categoryId}>Category {filters.categoryId}</option>
          )}
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </UrlSelect>
        <UrlSelect
          id="pet-sort"
          label="Order"
          value={sort}
          hrefFor={(value) => hrefWith({ sort: value === 'id' ? undefined : (value as PetSort) })}
          className="flex flex-col gap-1.5"
          selectClassName="h-10 w-40"
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </UrlSelect>
      </div>
      <StatusTabs
        tabs={TABS}
        current={filters.status}
        counts={counts.data}
        hrefFor={(status: StatusTab | undefined) => hrefWith({ status })}
        noun={['pet', 'pets']}
        beside={<TagFilter tags={tags} hrefFor={hrefForTags} />}
      />
      <NarrowedToTags tags={tags} hrefFor={hrefForTags} />
      {(!selection.isEmpty || bulkRun.state.phase !== 'idle') && (
        <BulkActions
          selection={selection}
          page={pets.data?.items ?? []}
          total={total}
          run={bulkRun}
          exportPages={(client) => (selection.allMatching ? viewPages(client, view) : idPages(client, [...selection.pets.keys()]))}
        />
      )}
      {pets.isPending ? (
        <TableSkeleton columns={PET_COLUMNS} rows={Math.min(state.limit, 20)} label="Pets (loading)" />
      ) : pets.isError && !pets.data ? (
        <LoadError what="pets" error={pets.error} onRetry={() => void pets.refetch()} isRetrying={pets.isFetching} />
      ) : pets.data.items.length === 0 ? (
        <TableCard>
          {isNarrowed(filters) || state.cursors.length > 0 ? (
            <EmptyState
              icon={<SearchX aria-hidden />}
              title="No pets match these filters"
              action={
                <ButtonLink href={PATH} variant="secondary" size="sm">
                  Clear filters
                </ButtonLink>
              }
            >
              {filters.name ? `No pet's name contains “${filters.name}” here. ` : ''}
              {tags.length > 1 ? `No pet here has all of the tags ${tags.map((tag) => `“${tag}”`).join(', ')}. ` : ''}Try another search, status, category or
              tag, or clear the filters to see every pet.
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
        <>
          <p className="mb-2 text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
            {formatRange(state.cursors.length * state.limit + 1, pets.data.items.length, total)}
          </p>
          <PetTable
            pets={pets.data.items}
            isUpdating={pets.isPlaceholderData}
            sort={sort}
            hrefForSort={(next) => hrefWith({ sort: next === 'id' ? undefined : next })}
            hrefForTag={hrefForTag}
            selection={selection}
            isSelectionLocked={bulkRun.isBusy}
          />
        </>
      )}
      {pets.isError && pets.data && <LoadError what="this page" error={pets.error} onRetry={() => void pets.refetch()} isRetrying={pets.isFetching} />}
      <Pager
        pathname={PATH}
        state={state}
        nextCursor={pets.isPlaceholderData ? undefined : pets.data?.nextCursor}
        noun="Pets"
        total={total}
        lastPageCursors={(signal) => lastPageCursors(client, view, state.limit, signal)}
      />
    </>
  );
}
