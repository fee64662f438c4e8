'use client';
// A list's filters, page and page size change its URL in place. The list's data
// comes from /v1 in the browser, so the server need not render the page again:
// history.pushState and replaceState are followed by Next's router (the page
// reads the URL with useSearchParams). A router navigation would ask the server
// first, and with the server unreachable it falls back to a full page load: the
// browser's error page, where the user is stranded (the connection banner
// cannot help there).
import { useSearchParams } from 'next/navigation';
import type { ComponentProps, MouseEvent } from 'react';

export type Query = Record<string, string | string[]>;

/** The URL's query as readListState takes it (a name given twice keeps both values). */
export function useQuery(): Query {
  const query: Query = {};
  for (const [name, value] of useSearchParams().entries()) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/** Goes to another view of the same list: a new history entry, or (replace) the current one changed. */
export function showList(href: string, how: 'push' | 'replace' = 'push'): void {
  if (how === 'push') window.history.pushState(null, '', href);
  else window.history.replaceState(null, '', href);
}

/**
 * A link to another view of the list: a plain click changes the URL in place
 * (scrolling to the top with `toTop`, as a new page would); a click that opens
 * a tab or window stays the browser's.
 */
export function ListLink({ href, toTop = false, onClick, ...props }: ComponentProps<'a'> & { href: string; toTop?: boolean }) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    showList(href);
    if (toTop) window.scrollTo({ top: 0 });
  };
  return <a href={href} onClick={click} {...props} />;
}
