// A list's state lives in its URL: filters, page size, and the stack of cursors
// that led to the current page (so "Previous" is a link too). A filter or
// page-size change starts again at page 1; the menu link opens a clean list.
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

export type Filters = Record<string, string | undefined>;
export type ListState<F extends Filters> = { filters: F; limit: number; cursors: string[] };

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Reads limit and cursors from the URL; each filter is read by its own parser, which drops bad values. */
export function readListState<F extends Filters>(
  searchParams: SearchParams,
  parsers: { [Name in keyof F]: (value: string | undefined) => F[Name] },
): ListState<F> {
  const filters = Object.fromEntries(
    Object.entries(parsers).map(([name, parse]) => [name, (parse as (value: string | undefined) => unknown)(single(searchParams[name]))]),
  ) as F;
  const limit = Number(single(searchParams.limit));
  const cursors =
    single(searchParams.cursor)
      ?.split(',')
      .filter((cursor) => /^[\w-]+$/.test(cursor)) ?? [];
  return { filters, limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE, cursors };
}

export function listHref<F extends Filters>(pathname: string, state: ListState<F>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) if (value) query.set(name, value);
  if (state.limit !== DEFAULT_PAGE_SIZE) query.set('limit', String(state.limit));
  if (state.cursors.length > 0) query.set('cursor', state.cursors.join(','));
  return query.size > 0 ? `${pathname}?${query}` : pathname;
}

export const withFilters = <F extends Filters>(state: ListState<F>, filters: F): ListState<F> => ({ ...state, filters, cursors: [] });
export const withPageSize = <F extends Filters>(state: ListState<F>, limit: number): ListState<F> => ({ ...state, limit, cursors: [] });
export const nextPage = <F extends Filters>(state: ListState<F>, cursor: string): ListState<F> => ({ ...state, cursors: [...state.cursors, cursor] });
export const previousPage = <F extends Filters>(state: ListState<F>): ListState<F> => ({ ...state, cursors: state.cursors.slice(0, -1) });
