'use client';
// Table primitives: a bordered card holding a plain HTML table. A table too wide
// for its card (a phone, a narrow window) is not scrolled sideways: its rows
// become stacked cards, each cell under its column's name (styles in
// app/globals.css, "Stacked tables"), so every column and every action stays in
// view. Any table built from these primitives does this; nothing per table.
import { useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';

export function TableCard({ children, className }: { children: ReactNode; className?: string }) {
  const card = useRef<HTMLDivElement>(null);
  // After every render (rows may have changed) and on every change of width.
  useLayoutEffect(() => stackIfTooWide(card.current));
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return; // a height change (e.g. stacking itself)
      width = element.clientWidth;
      stackIfTooWide(element);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={card}
      className={cn(
        // relative: screen-reader-only text inside stays inside the card, not beyond the page edge.
        // overflow-x-auto: only a safety net; a table that does not fit is stacked instead.
        'relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Lays the table out as a table, and stacks it if it is wider than the card. */
function stackIfTooWide(card: HTMLDivElement | null): void {
  const table = card?.querySelector('table');
  if (!card || !table) return;
  card.dataset.stacked = 'false';
  const isTooWide = table.offsetWidth > card.clientWidth;
  if (isTooWide) labelCells(table);
  card.dataset.stacked = String(isTooWide);
}

/** Gives each body cell its column's name (data-label), which the stacked layout shows beside the value. */
function labelCells(table: HTMLTableElement): void {
  const headers = [...table.querySelectorAll<HTMLTableCellElement>(':scope > thead th')].map((header) =>
    header.dataset.titleHidden === undefined ? (header.textContent ?? '') : '',
  );
  for (const row of table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')) {
    [...row.cells].forEach((cell, index) => (cell.dataset.label = headers[index] ?? ''));
  }
}

// The explicit roles keep the table's semantics for screen readers when the
// stacked layout changes how its parts display.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table role="table" className={cn('w-full text-left text-sm', className)} {...props} />;
}

/** A table column: its header text, and classes shared by its cells. */
export type Column = { title: string; className?: string; isTitleHidden?: boolean };

/** The header row, one cell per column; a hidden title is still read by screen readers. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead
      role="rowgroup"
      className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
    >
      <tr role="row">
        {columns.map((column) => (
          <Th key={column.title} className={column.className} data-title-hidden={column.isTitleHidden || undefined}>
            {column.isTitleHidden ? <span className="sr-only">{column.title}</span> : column.title}
          </Th>
        ))}
      </tr>
    </thead>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" role="columnheader" className={cn('h-10 px-4 font-medium whitespace-nowrap', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn('border-b border-zinc-100 last:border-0 hover:bg-zinc-50/70 dark:border-zinc-800 dark:hover:bg-zinc-800/40', className)}
      {...props}
    />
  );
}

/**
 * A cell; `wraps` for one holding a name (up to 100 characters, maybe without a
 * space): it wraps, anywhere if it must, so that one long name does not make
 * the table too wide for its card and stack the whole page.
 */
export function Td({ className, wraps = false, ...props }: ComponentProps<'td'> & { wraps?: boolean }) {
  return (
    <td role="cell" className={cn('h-12 px-4', wraps ? 'min-w-40 whitespace-normal [overflow-wrap:anywhere]' : 'whitespace-nowrap', className)} {...props} />
  );
}
