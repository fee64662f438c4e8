// RecordDetails: a record's fields as a description list in a card; skeleton rows while loading.
import type { ReactNode } from 'react';
import { Skeleton } from './ui/skeleton';

export function RecordDetails({ fields, isLoading = false }: { fields: { label: string; value: ReactNode }[]; isLoading?: boolean }) {
  return (
    <dl className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {fields.map((field) => (
        <div key={field.label} className="grid min-h-14 grid-cols-1 items-center gap-1 px-5 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="text-sm text-zinc-600 dark:text-zinc-400">{field.label}</dt>
          <dd className="text-sm font-medium [overflow-wrap:anywhere]">{isLoading ? <Skeleton className="h-4 w-32" /> : field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
