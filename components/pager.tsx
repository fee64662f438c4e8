'use client';
// Pager: the page number (of how many, when the total is known), First,
// Previous and Next as real links, and the page size.
import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { formatCount } from './format';
import { ListLink } from './list-navigation';
import { listHref, nextPage, PAGE_SIZES, previousPage, withPageSize, type Filters, type ListState } from './list-url';
import { buttonClasses } from './ui/button';
import { UrlSelect } from './url-select';

export function Pager<F extends Filters>({
  pathname,
  state,
  nextCursor,
  noun,
  total,
}: {
  pathname: string;
  state: ListState<F>;
  nextCursor: string | undefined;
  noun: string;
  /** How many rows the filters match, when known: the page count. */
  total?: number;
}) {
  const hasPrevious = state.cursors.length > 0;
  const pageCount = total === undefined ? undefined : Math.max(1, Math.ceil(total / state.limit));
  const disabled = 'pointer-events-none opacity-50';
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
      <div className="flex items-center gap-2">
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
      </div>
    </nav>
  );
}
