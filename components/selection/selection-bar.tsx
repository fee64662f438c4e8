'use client';
// The parts of a list's selection bar that the pets and orders lists share:
// the bar that says how many are selected (the whole selection, whichever page
// is shown), offers every match once the page is selected, and holds the
// list's own actions; and the list of the rows a bulk change refused, each
// linked, with the server's reason.
import type { ReactNode } from 'react';
import type { ApiClientError } from '@/lib/client/api-client';
import { plainMessage } from '../form-errors';
import { formatCount } from '../format';
import { IntentLink } from '../intent-link';
import type { Selection } from './use-selection';

// What a mail client shows as links in its selection bar.
const TEXT_BUTTON = 'rounded font-medium text-indigo-800 underline underline-offset-2 hover:text-indigo-950 dark:text-indigo-200 dark:hover:text-white';

export const BAR =
  'mb-4 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-50';

/** "1 pet", "1,234 orders". */
export type Noun = [one: string, many: string];
export const counted = (count: number, [one, many]: Noun) => `${formatCount(count)} ${count === 1 ? one : many}`;

export function SelectionBar<Item extends { id: number }>({
  selection,
  page,
  total,
  noun,
  children,
}: {
  selection: Selection<Item>;
  page: Item[];
  /** How many rows match the filters (undefined while the counts load). */
  total: number | undefined;
  noun: Noun;
  /** The list's actions on the selection. */
  children: ReactNode;
}) {
  const count = selection.count(total);
  const isPageSelected = page.length > 0 && page.every((item) => selection.has(item.id));
  const offersAllMatching = !selection.allMatching && isPageSelected && total !== undefined && total > selection.items.size;
  return (
    <section aria-label={`Selected ${noun[1]}`} className={`${BAR} flex flex-wrap items-center gap-x-3 gap-y-2`}>
      <p className="font-medium tabular-nums">
        {/* The whole selection first, whichever page is shown: it may span many. */}
        {selection.allMatching ? `All ${counted(count, noun)} matching are selected.` : `${counted(count, noun)} selected`}
        {!selection.allMatching && (isPageSelected && count > page.length ? `, all ${formatCount(page.length)} on this page.` : '.')}
      </p>
      {offersAllMatching && (
        <button type="button" className={TEXT_BUTTON} onClick={selection.selectAllMatching}>
          Select all {counted(total, noun)} matching
        </button>
      )}
      <button type="button" className={TEXT_BUTTON} onClick={selection.clear}>
        Clear selection
      </button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
    </section>
  );
}

export type Refusal = { id: number; name: string; href: string; error: ApiClientError };

/** The rows a bulk change left as they were, each linked, with the server's reason. */
export function RefusedList({ refused, noun }: { refused: Refusal[]; noun: Noun }) {
  return (
    <section aria-labelledby="refused-rows" className="mb-4 rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="refused-rows" className="border-b border-zinc-200 px-4 py-2.5 text-sm font-medium dark:border-zinc-800">
        Refused: {counted(refused.length, noun)}, unchanged
      </h2>
      {/* Scrolls when long; focusable, so the keyboard can scroll it too. */}
      <div tabIndex={0} role="region" aria-label={`Refused ${noun[1]}`} className="max-h-72 overflow-y-auto">
        <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {refused.map(({ id, name, href, error }) => (
            <li key={id} className="px-4 py-2 [overflow-wrap:anywhere]">
              <IntentLink href={href} className="font-medium underline underline-offset-2 hover:text-indigo-700 dark:hover:text-indigo-300">
                {name}
              </IntentLink>
              <span className="text-zinc-600 dark:text-zinc-400">: {plainMessage(error)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
