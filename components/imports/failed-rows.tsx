'use client';
// FailedRows: every row an import refused, with its row number in the file and the reason
// (the errors CSV, read in the browser), and a link that saves that file: fix the rows and
// import it again (its `row` and `reason` columns are ignored).
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useImportErrors } from '@/lib/client/hooks';
import type { Import } from '@/lib/contract/imports';
import { formatCount } from '../format';
import { LoadError } from '../load-error';
import { buttonClasses } from '../ui/button';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { readErrorsCsv } from './read-csv';

const COLUMNS = [{ title: 'Row' }, { title: 'Name' }, { title: 'Reason' }];

/** A link to the errors CSV (fetched with the session's key: a plain link would carry none). */
function ErrorsFileLink({ text, importId }: { text: string; importId: number }) {
  const [href, setHref] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL must be revoked with the text it holds.
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  if (!href) return null;
  return (
    <a href={href} download={`import-${importId}-errors.csv`} className={buttonClasses('secondary', 'sm')}>
      <Download aria-hidden />
      Download the errors file
    </a>
  );
}

export function FailedRows({ job }: { job: Import }) {
  const errors = useImportErrors(job.id, { enabled: job.failed > 0 });
  const parsed = useMemo(() => (errors.data === undefined ? undefined : readErrorsCsv(errors.data)), [errors.data]);
  if (job.failed === 0) return null;
  if (errors.isError) return <LoadError what="the failed rows" error={errors.error} onRetry={() => void errors.refetch()} isRetrying={errors.isFetching} />;
  if (!parsed || errors.data === undefined) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Reading the failed rows…</p>;
  const nameAt = parsed.header.findIndex((cell) => cell.trim().toLowerCase() === 'name');
  return (
    <section aria-labelledby="failed-rows-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="failed-rows-heading" className="text-base font-semibold">
          {job.dryRun ? 'Rows that would fail' : 'Rows that failed'} ({formatCount(job.failed)})
        </h2>
        <ErrorsFileLink text={errors.data} importId={job.id} />
      </div>
      <TableCard>
        <Table aria-label={job.dryRun ? 'Rows that would fail' : 'Rows that failed'}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {parsed.rows.map((cells) => (
              <Tr key={cells[0]}>
                <Td className="tabular-nums">{cells[0]}</Td>
                <Td wraps>{nameAt > 0 ? cells[nameAt] || '(empty)' : '—'}</Td>
                <Td wraps>{cells.at(-1)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
    </section>
  );
}
