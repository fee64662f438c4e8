// The cursor of a list that sorts (pets, orders): where a page ended, in one sort.
// Opaque to clients: base64url of `<sort>:<id>[:<key>]`, the key being the last
// item's value of the sort's own column (sort=id keeps the original `id:<id>`).
// A cursor is taken only if it encodes back to itself and its key is one a stored
// row could have, so a forged one is a 400 and never reaches the database.
import type { z } from 'zod';
import { cursorParam } from './params';

export type SortCursor<Sort extends string> = { sort: Sort; id: number; key?: string };

/** The cursor after this item; the same in the server and the browser (the dashboard's jump to the last page makes them too). */
export function encodeSortCursor(cursor: SortCursor<string>): string {
  const key = cursor.key === undefined ? '' : `:${cursor.key}`;
  let binary = '';
  for (const byte of new TextEncoder().encode(`${cursor.sort}:${cursor.id}${key}`)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The `cursor` parameter of a list with these sorts. `keyFor(sort)` checks the
 * key a sort's cursor carries; `undefined` for a sort whose cursor has none (id).
 */
export function sortCursorParam<Sort extends string>(sorts: readonly Sort[], keyFor: (sort: Sort) => ((key: string) => boolean) | undefined) {
  const format = new RegExp(`^(${sorts.join('|')}):([1-9][0-9]{0,15})(?::([\\s\\S]*))?$`);
  const decode = (value: string): SortCursor<Sort> | undefined => {
    const match = format.exec(Buffer.from(value, 'base64url').toString('utf8'));
    if (!match) return undefined;
    const sort = match[1] as Sort;
    const id = Number(match[2]);
    const isValidKey = keyFor(sort);
    const key = match[3];
    if (!Number.isSafeInteger(id) || (isValidKey === undefined) !== (key === undefined)) return undefined;
    if (key !== undefined && !isValidKey!(key)) return undefined;
    const cursor: SortCursor<Sort> = key === undefined ? { sort, id } : { sort, id, key };
    return encodeSortCursor(cursor) === value ? cursor : undefined;
  };
  return cursorParam(decode, 'Opaque cursor from the `Link: <…>; rel="next"` header of the previous page (it belongs to that page\'s `sort`).');
}

/** A cursor belongs to the sort it was made in: with another `sort` it is refused, naming both. */
export function refuseCursorOfAnotherSort(query: { sort: string; cursor?: { sort: string } }, context: z.RefinementCtx): void {
  if (query.cursor && query.cursor.sort !== query.sort) {
    context.addIssue({
      code: 'custom',
      path: ['cursor'],
      message: `belongs to sort=${query.cursor.sort}, not sort=${query.sort}; start again without a cursor`,
    });
  }
}
