'use client';
// PetTable: one page of pets; a pet's name links to its page. The name and id
// headers sort the list (links, so the order is in the URL), with aria-sort.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import Link from 'next/link';
import type { Pet, PetSort } from '@/lib/contract/pets';
import { useCategoryName } from '../categories/category-names';
import { Table, TableCard, Td, Th, Tr } from '../ui/table';
import { StatusBadge } from './status-badge';

export const PET_COLUMNS = [
  { title: 'Name' },
  { title: 'Category' },
  { title: 'Status' },
  { title: 'ID', className: 'text-right' },
];

type SortableKey = 'name' | 'id';

export function PetTable({
  pets,
  isUpdating,
  sort,
  hrefForSort,
}: {
  pets: Pet[];
  isUpdating: boolean;
  sort: PetSort;
  hrefForSort: (sort: PetSort) => string;
}) {
  const categoryName = useCategoryName();
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label="Pets" aria-busy={isUpdating}>
        <thead role="rowgroup" className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <tr role="row">
            <SortableTh title="Name" sortKey="name" sort={sort} hrefForSort={hrefForSort} />
            <Th>Category</Th>
            <Th>Status</Th>
            <SortableTh title="ID" sortKey="id" sort={sort} hrefForSort={hrefForSort} className="text-right" />
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <Tr key={pet.id}>
              <Td className="font-medium">
                <Link href={`/pets/${pet.id}`} className="rounded text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:text-indigo-300">
                  {pet.name}
                </Link>
              </Td>
              <Td className="text-zinc-600 dark:text-zinc-400">{categoryName(pet.categoryId)}</Td>
              <Td>
                <StatusBadge status={pet.status} />
              </Td>
              <Td className="text-right font-mono text-xs text-zinc-500 dark:text-zinc-400">{pet.id}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}

/** A header that sorts by its column: ascending first, then descending on a second click. */
function SortableTh({
  title,
  sortKey,
  sort,
  hrefForSort,
  className,
}: {
  title: string;
  sortKey: SortableKey;
  sort: PetSort;
  hrefForSort: (sort: PetSort) => string;
  className?: string;
}) {
  const direction = sort === sortKey ? 'ascending' : sort === `-${sortKey}` ? 'descending' : undefined;
  const next: PetSort = direction === 'ascending' ? `-${sortKey}` : sortKey;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Th aria-sort={direction ?? 'none'} className={className}>
      <Link
        href={hrefForSort(next)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
        title={`Sort by ${title.toLowerCase()}, ${next.startsWith('-') ? 'descending' : 'ascending'}`}
      >
        {title}
        <Icon aria-hidden className={direction ? 'size-3.5' : 'size-3.5 opacity-50'} />
      </Link>
    </Th>
  );
}
