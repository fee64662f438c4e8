// The Link header that announces the next page (RFC 8288), as a path-absolute
// reference so it resolves against whatever host the client used. It keeps
// every query parameter of the request (the filters, the sort) but the cursor.
import { encodeCursor } from '../contract/params';
import type { Page } from '../domain/pagination';

/** For the lists paged on id ascending (orders, categories). */
export function nextPageHeaders(url: URL, page: Page<unknown>, limit: number): Record<string, string> {
  return nextCursorHeaders(url, page.nextAfterId === null ? null : encodeCursor(page.nextAfterId), limit);
}

export function nextCursorHeaders(url: URL, cursor: string | null, limit: number): Record<string, string> {
  if (cursor === null) return {};
  const next = new URLSearchParams(url.searchParams);
  next.set('limit', String(limit));
  next.set('cursor', cursor);
  return { link: `<${url.pathname}?${next.toString()}>; rel="next"` };
}
