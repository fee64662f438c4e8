'use client';
// StatusTabs: All, Available, Pending, Sold and No status, each with how many
// pets match the other filters; links, so the tab is in the URL and Back works.
import Link from 'next/link';
import type { PetCounts } from '@/lib/contract/pets';
import { formatCount } from '../format';
import { cn } from '../ui/cn';
import type { StatusTab } from './pet-list-state';

const TABS: { status: StatusTab | undefined; label: string; count: keyof PetCounts }[] = [
  { status: undefined, label: 'All', count: 'total' },
  { status: 'available', label: 'Available', count: 'available' },
  { status: 'pending', label: 'Pending', count: 'pending' },
  { status: 'sold', label: 'Sold', count: 'sold' },
  { status: 'none', label: 'No status', count: 'none' },
];

export function StatusTabs({
  current,
  counts,
  hrefFor,
}: {
  current: StatusTab | undefined;
  counts: PetCounts | undefined;
  hrefFor: (status: StatusTab | undefined) => string;
}) {
  return (
    // The tabs wrap rather than scroll sideways on a narrow screen; relative keeps their screen-reader text inside.
    <nav aria-label="Status" className="relative mb-4 border-b border-zinc-200 dark:border-zinc-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {TABS.map(({ status, label, count }) => {
          const isCurrent = status === current;
          return (
            <li key={label}>
              <Link
                href={hrefFor(status)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  isCurrent
                    ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                    : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
                )}
              >
                {label}
                <span
                  className={cn(
                    'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums',
                    isCurrent ? 'bg-indigo-100 dark:bg-indigo-950' : 'bg-zinc-100 dark:bg-zinc-800',
                  )}
                >
                  {counts ? formatCount(counts[count]) : '…'}
                  <span className="sr-only"> pets</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
