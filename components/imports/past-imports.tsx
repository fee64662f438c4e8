'use client';
// PastImports: the latest imports (every role that may read pets): who, when, dry run or
// not, how it ended and its counts. Polled while one of them is under way.
import { FileSpreadsheet } from 'lucide-react';
import { useImports } from '@/lib/client/hooks';
import type { Import } from '@/lib/contract/imports';
import { formatCount, splitDateTime } from '../format';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Badge, type BadgeTone } from '../ui/badge';
import { EmptyState } from '../ui/empty-state';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';

const COLUMNS = [
  { title: 'When' },
  { title: 'Who' },
  { title: 'Kind' },
  { title: 'State' },
  { title: 'Rows' },
  { title: 'Added' },
  { title: 'Changed' },
  { title: 'Unchanged' },
  { title: 'Failed' },
];

const STATE: Record<Import['state'], { word: string; tone: BadgeTone }> = {
  queued: { word: 'Queued', tone: 'zinc' },
  running: { word: 'Running', tone: 'blue' },
  done: { word: 'Done', tone: 'green' },
  failed: { word: 'Failed', tone: 'red' },
  cancelled: { word: 'Cancelled', tone: 'amber' },
};

export function PastImports() {
  const imports = useImports();
  let body;
  if (imports.isPending) body = <TableSkeleton columns={COLUMNS} rows={3} label="Past imports (loading)" />;
  else if (imports.isError)
    body = <LoadError what="the past imports" error={imports.error} onRetry={() => void imports.refetch()} isRetrying={imports.isFetching} />;
  else if (imports.data.length === 0)
    body = (
      <TableCard>
        <EmptyState icon={<FileSpreadsheet aria-hidden />} title="No imports yet">
          Imports and dry runs appear here as they are made.
        </EmptyState>
      </TableCard>
    );
  else
    body = (
      <TableCard>
        <Table aria-label="Past imports">
          <TableHead columns={COLUMNS} />
          <tbody>
            {imports.data.map((job) => {
              const { date, time } = splitDateTime(job.createdAt);
              return (
                <Tr key={job.id}>
                  <Td>
                    <time dateTime={job.createdAt} className="block leading-tight">
                      {date}
                      <span className="block text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{time}</span>
                    </time>
                  </Td>
                  <Td className="max-w-64 whitespace-normal! wrap-anywhere">{job.createdBy.label}</Td>
                  <Td>{job.dryRun ? 'Dry run' : 'Import'}</Td>
                  <Td>
                    <Badge tone={STATE[job.state].tone}>{STATE[job.state].word}</Badge>
                  </Td>
                  <Td className="tabular-nums">{job.state === 'done' ? formatCount(job.rows) : `${formatCount(job.processed)} of ${formatCount(job.rows)}`}</Td>
                  <Td className="tabular-nums">{formatCount(job.created)}</Td>
                  <Td className="tabular-nums">{formatCount(job.updated)}</Td>
                  <Td className="tabular-nums">{formatCount(job.unchanged)}</Td>
                  <Td className="tabular-nums">{formatCount(job.failed)}</Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      </TableCard>
    );
  return (
    <section aria-labelledby="past-imports-heading" className="mt-8 space-y-3">
      <h2 id="past-imports-heading" className="text-lg font-semibold">
        Past imports
      </h2>
      {body}
    </section>
  );
}
