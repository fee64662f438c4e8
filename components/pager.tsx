'use client';
// Pager: the page number (of how many, when the total is known), First,
// Previous and Next as real links, Last where the list can find its way there
// (pages are cursors: the list reads its way to the last one), and the page size.
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from './format';
import { ListLink, showList } from './list-navigation';
import { listHref, nextPage, PAGE_SIZES, previousPage, withPageSize, type Filters, type ListState } from './list-url';
import { buttonClasses } from './ui/button';
import { UrlSelect } from './url-select';

export function Pager<F extends Filters>({
  pathname,
  state,
  nextCursor,
  noun,
  total,
  lastPageCursors,
}: {
  pathname: string;
  state: ListState<F>;
  nextCursor: string | undefined;
  noun: string;
  /** How many rows the filters match, when known: the page count. */
  total?: number;
  /** The cursors of every page before the last (the pets list reads them, lib/client/pet-pages.ts); without it, no Last. */
  lastPageCursors?: (signal: AbortSignal) => Promise<string[]>;
}) {
  const hasPrevious = state.cursors.length > 0;
  const pageCount = total === undefined ? undefined : Math.max(1, Math.ceil(total / state.limit));
  const disabled = 'pointer-events-none opacity-50';
  const [isFindingLast, setFindingLast] = useState(false);
  const [lastFailed, setLastFailed] = useState(false);
  const isOnLast = pageCount !== undefined && state.cursors.length + 1 >= pageCount && !nextCursor;
  async function goToLast() {
    if (!lastPageCursors) return;
    setFindingLast(true);
    setLastFailed(false);
    try {
      const cursors = await lastPageCursors(new AbortController().signal);
      showList(listHref(pathname, { ...state, cursors }));
      window.scrollTo({ top: 0 });
    } catch {
      setLastFailed(true);
    } finally {
      setFindingLast(false);
    }
  }
  return (
    <nav aria-label={`${noun} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <UrlSelect
        id="page-size"
        label="Rows per page"
        value={String(state.limit)}
        hrefFor={(size) => listHref(pathname, withPageSize(state, Number(size)))}
        className="flex items-center gap-2 text-sm"
        labelClassName="whitespace-nowrap text-zinc-600 dark:text-zinc-400"
        selectClassName="h-8 w-24"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </UrlSelect>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-1 text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
          Page {formatCount(state.cursors.length + 1)}
          {pageCount !== undefined && ` of ${formatCount(pageCount)}`}
        </span>
        <ListLink
          toTop
          href={listHref(pathname, { ...state, cursors: [] })}
          className={buttonClasses('secondary', 'sm', hasPrevious ? undefined : disabled)}
          aria-disabled={!hasPrevious}
          tabIndex={hasPrevious ? undefined : -1}
        >
          <ChevronsLeft aria-hidden />
          First
        </ListLink>
        <ListLink
          toTop
          href={listHref(pathname, previousPage(state))}
          className={buttonClasses('secondary', 'sm', hasPrevious ? undefined : disabled)}
          aria-disabled={!hasPrevious}
          tabIndex={hasPrevious ? undefined : -1}
          rel="prev"
        >
          <ChevronLeft aria-hidden />
          Previous
        </ListLink>
        <ListLink
          toTop
          href={nextCursor ? listHref(pathname, nextPage(state, nextCursor)) : '#'}
          className={buttonClasses('secondary', 'sm', nextCursor ? undefined : disabled)}
          aria-disabled={!nextCursor}
          tabIndex={nextCursor ? undefined : -1}
          rel="next"
        >
          Next
          <ChevronRight aria-hidden />
        </ListLink>
        {lastPageCursors && (
          <button
            type="button"
            className={buttonClasses('secondary', 'sm', isOnLast || pageCount === undefined ? disabled : undefined)}
            aria-disabled={isOnLast || pageCount === undefined || isFindingLast}
            tabIndex={isOnLast ? -1 : undefined}
            onClick={() => void (isOnLast || isFindingLast || pageCount === undefined ? undefined : goToLast())}
          >
            {isFindingLast ? 'Finding the last page…' : 'Last'}
            <ChevronsRight aria-hidden />
          </button>
        )}
      </div>
      {lastFailed && (
        <p role="alert" className="w-full text-right text-sm text-red-700 dark:text-red-400">
          The last page could not be found. Check the connection and try again.
        </p>
      )}
    </nav>
  );
}
