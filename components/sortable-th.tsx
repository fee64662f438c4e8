'use client';
// SortableTh: a column header that sorts the list by its column (a link, so the
// order is in the URL, changed in place like the list's other views:
// list-navigation.tsx), with aria-sort saying which way it is sorted now.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { ListLink } from './list-navigation';
import { Th } from './ui/table';

/** A header that sorts by its column: ascending first, then descending on a second click. */
export function SortableTh<Sort extends string>({
  title,
  sortKey,
  sort,
  hrefForSort,
  className,
}: {
  title: string;
  /** The ascending sort; its descending one is the same with a leading `-`. */
  sortKey: Sort;
  sort: Sort;
  hrefForSort: (sort: Sort) => string;
  className?: string;
}) {
  const direction = sort === sortKey ? 'ascending' : sort === `-${sortKey}` ? 'descending' : undefined;
  const next = (direction === 'ascending' ? `-${sortKey}` : sortKey) as Sort;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Th aria-sort={direction ?? 'none'} className={className}>
      <ListLink
        href={hrefForSort(next)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-zinc-900 dark:hover:text-zinc-100"
        title={`Sort by ${title.toLowerCase()}, ${next.startsWith('-') ? 'descending' : 'ascending'}`}
      >
        {title}
        <Icon aria-hidden className={direction ? 'size-3.5' : 'size-3.5 opacity-50'} />
      </ListLink>
    </Th>
  );
}
