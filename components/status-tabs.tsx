'use client';
// StatusTabs: a list's status tabs (All, then one per status), each with how many
// records match the other filters; links, so the tab is in the URL and Back works.
// Another control of the list may sit beside them, on their line (`beside`).
import type { ReactNode } from 'react';
import { formatCount } from './format';
import { ListLink } from './list-navigation';
import { cn } from './ui/cn';

/** A tab: the status it shows (undefined: all) and which of the counts is its number. */
export type StatusTab<Status extends string, Count extends string> = { status: Status | undefined; label: string; count: Count };

export function StatusTabs<Status extends string, Count extends string>({
  tabs,
  current,
  counts,
  hrefFor,
  noun,
  beside,
}: {
  tabs: StatusTab<Status, Count>[];
  current: Status | undefined;
  counts: Record<Count, number> | undefined;
  hrefFor: (status: Status | undefined) => string;
  /** What is counted, one and many: read after each number by screen readers. */
  noun: [string, string];
  beside?: ReactNode;
}) {
  return (
    // The tabs wrap rather than scroll sideways on a narrow screen; relative keeps their screen-reader text inside.
    <div className="relative mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2 border-b border-zinc-200 dark:border-zinc-800">
      <nav aria-label="Status" className="-mb-px">
        <ul className="flex flex-wrap gap-1">
          {tabs.map(({ status, label, count }) => {
            const isCurrent = status === current;
            return (
              <li key={label}>
                <ListLink
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
                    <span className="sr-only">{counts?.[count] === 1 ? ` ${noun[0]}` : ` ${noun[1]}`}</span>
                  </span>
                </ListLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Below lg it comes first, on a line of its own, so the tabs keep to the line they underline. */}
      {beside && <div className="order-first min-w-0 basis-full pb-1.5 lg:order-none lg:basis-auto">{beside}</div>}
    </div>
  );
}
