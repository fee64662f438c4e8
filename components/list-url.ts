// A list's state lives in its URL: filters, page size, and the stack of cursors
// that led to the current page (so "Previous" is a link too). A filter or
// page-size change starts again at page 1; the menu link opens a clean list.
// A filter may hold several values (`tag=a&tag=b`): the parameter repeated.
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

export type Filters = Record<string, string | string[] | undefined>;
export type ListState<F extends Filters> = { filters: F; limit: number; cursors: string[] };

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const every = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A filter's parser: the URL's value when given once (else undefined), and every value given. */
type Parser<Value> = (value: string | undefined, values: string[]) => Value;

/** Reads limit and cursors from the URL; each filter is read by its own parser, which drops bad values. */
export function readListState<F extends Filters>(searchParams: SearchParams, parsers: { [Name in keyof F]: Parser<F[Name]> }): ListState<F> {
  const filters = Object.fromEntries(
    Object.entries(parsers).map(([name, parse]) => [name, (parse as Parser<unknown>)(single(searchParams[name]), every(searchParams[name]))]),
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
  for (const [name, value] of Object.entries(state.filters)) for (const each of every(value)) if (each) query.append(name, each);
  if (state.limit !== DEFAULT_PAGE_SIZE) query.set('limit', String(state.limit));
  if (state.cursors.length > 0) query.set('cursor', state.cursors.join(','));
  return query.size > 0 ? `${pathname}?${query}` : pathname;
}

export const withFilters = <F extends Filters>(state: ListState<F>, filters: F): ListState<F> => ({ ...state, filters, cursors: [] });
export const withPageSize = <F extends Filters>(state: ListState<F>, limit: number): ListState<F> => ({ ...state, limit, cursors: [] });
export const nextPage = <F extends Filters>(state: ListState<F>, cursor: string): ListState<F> => ({ ...state, cursors: [...state.cursors, cursor] });
export const previousPage = <F extends Filters>(state: ListState<F>): ListState<F> => ({ ...state, cursors: state.cursors.slice(0, -1) });
