'use client';
// PetTable: one page of pets, each with its cover's thumbnail; a pet's name links to
// its page, each of its tags to the list narrowed to that tag too. The name and id headers sort the list
// (links, so the order is in the URL), with aria-sort. A checkbox per row and
// one for the page select pets for bulk work.
import { SelectCheckbox } from '../selection/select-checkbox';
import type { PetSort, PetWithIncluded } from '@/lib/contract/pets';
import { useCategoryName } from '../categories/category-names';
import { IntentLink } from '../intent-link';
import { SortableTh } from '../sortable-th';
import { TagChips } from '../tags/tag-chips';
import { Table, TableCard, Td, Th, Tr } from '../ui/table';
import { StatusBadge } from './status-badge';
import type { PetSelection } from './use-pet-selection';

export const PET_COLUMNS = [{ title: 'Name' }, { title: 'Category' }, { title: 'Status' }, { title: 'Tags' }, { title: 'ID', className: 'text-right' }];

export function PetTable({
  pets,
  isUpdating,
  sort,
  hrefForSort,
  hrefForTag,
  selection,
  isSelectionLocked,
}: {
  pets: PetWithIncluded[];
  isUpdating: boolean;
  sort: PetSort;
  hrefForSort: (sort: PetSort) => string;
  hrefForTag: (tag: string) => string;
  selection: PetSelection;
  /** While a bulk change runs, what it works on stays as it is. */
  isSelectionLocked: boolean;
}) {
  const categoryName = useCategoryName();
  const selectedOnPage = pets.filter((pet) => selection.has(pet.id)).length;
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label="Pets" aria-busy={isUpdating}>
        <thead
          role="rowgroup"
          className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
        >
          <tr role="row">
            <Th className="w-px pr-0" data-stacked-title="Select this page">
              <SelectCheckbox
                label={`Select all ${pets.length} pets on this page`}
                checked={selectedOnPage === pets.length}
                isMixed={selectedOnPage > 0 && selectedOnPage < pets.length}
                disabled={isSelectionLocked}
                onChange={(isSelected) => selection.setPage(pets, isSelected)}
              />
            </Th>
            <SortableTh title="Name" sortKey="name" sort={sort} hrefForSort={hrefForSort} />
            <Th>Category</Th>
            <Th>Status</Th>
            <Th>Tags</Th>
            <SortableTh title="ID" sortKey="id" sort={sort} hrefForSort={hrefForSort} className="text-right" />
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <Tr key={pet.id} className={selection.has(pet.id) ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : undefined}>
              <Td className="w-px pr-0">
                <SelectCheckbox
                  label={`Select ${pet.name}`}
                  checked={selection.has(pet.id)}
                  disabled={isSelectionLocked}
                  onChange={() => selection.toggle(pet, pets)}
                />
              </Td>
              <Td className="font-medium" wraps>
                <div className="flex items-center gap-3">
                  <CoverThumbnail pet={pet} />
                  <IntentLink
                    href={`/pets/${pet.id}`}
                    className="rounded text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:text-indigo-300"
                  >
                    {pet.name}
                  </IntentLink>
                </div>
              </Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{categoryName(pet.categoryId)}</Td>
              <Td>
                <StatusBadge status={pet.status} />
              </Td>
              <Td className="max-w-72 min-w-24 py-2 whitespace-normal">
                <TagChips tags={pet.tags ?? []} linkFor={(tag) => ({ href: hrefForTag(tag) })} label={`Tags of ${pet.name}`} />
              </Td>
              <Td className="text-right font-mono text-xs text-zinc-500 dark:text-zinc-400">{pet.id}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}

/**
 * The pet's cover at a fixed size (its box is there before the image, so nothing moves when
 * it arrives), loaded only as it nears the screen; an empty box of the same size when the pet
 * has no photo, so the names stay in line.
 */
function CoverThumbnail({ pet }: { pet: PetWithIncluded }) {
  const box = 'size-10 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800';
  if (!pet.cover) return <span aria-hidden className={`${box} flex items-center justify-center text-zinc-400 dark:text-zinc-500`} />;
  // eslint-disable-next-line @next/next/no-img-element -- a signed URL the API serves as it is; Next's optimiser would fetch it again
  return <img src={pet.cover.thumb} alt={`${pet.name}, cover photo`} width={40} height={40} loading="lazy" decoding="async" className={box} />;
}
