// The Link header that announces the next page (RFC 8288), as a path-absolute
// reference so it resolves against whatever host the client used.
import { encodeCursor } from '../contract/params';
import type { Page } from '../pagination';

export function nextPageHeaders(url: URL, page: Page<unknown>, limit: number): Record<string, string> {
  if (page.nextAfterId === null) return {};
  const next = new URLSearchParams(url.searchParams);
  next.set('limit', String(limit));
  next.set('cursor', encodeCursor(page.nextAfterId));
  return { link: `<${url.pathname}?${next.toString()}>; rel="next"` };
}
