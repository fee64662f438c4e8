// Table primitives: a bordered, scrollable card holding a plain HTML table.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function TableCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        // relative: screen-reader-only text inside stays inside the scroll box, not beyond the page edge.
        'relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full text-left text-sm', className)} {...props} />;
}

/** A table column: its header text, and classes shared by its cells. */
export type Column = { title: string; className?: string; isTitleHidden?: boolean };

/** The header row, one cell per column; a hidden title is still read by screen readers. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
      <tr>
        {columns.map((column) => (
          <Th key={column.title} className={column.className}>
            {column.isTitleHidden ? <span className="sr-only">{column.title}</span> : column.title}
          </Th>
        ))}
      </tr>
    </thead>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('h-10 px-4 font-medium whitespace-nowrap', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b border-zinc-100 last:border-0 hover:bg-zinc-50/70 dark:border-zinc-800 dark:hover:bg-zinc-800/40', className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('h-12 px-4 whitespace-nowrap', className)} {...props} />;
}
