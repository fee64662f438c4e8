'use client';
// ImportWorkflow (editors and admins): pick or drop a CSV file, see its first rows as the
// server reads them, check it with a dry run (every failing row, with its row number and
// reason), then import it, with progress, time left and Cancel, and a summary. The import
// runs on the server as a job; the page polls it while it is queued or running.
import { FlaskConical, Upload } from 'lucide-react';
import { useState } from 'react';
import { useCancelImport, useCreateImport, useImport } from '@/lib/client/hooks';
import type { Import } from '@/lib/contract/imports';
import { errorsFromApi } from '../form-errors';
import { formatCount } from '../format';
import { BulkProgress } from '../selection/bulk-progress';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { ChangedPets } from './changed-pets';
import { FailedRows } from './failed-rows';
import { FileDropZone } from './file-drop-zone';
import { FirstRows } from './first-rows';
import { readFirstRows, type FirstRows as Rows } from './read-csv';
import { useTimeLeft } from './time-left';

const PREVIEW_ROWS = 5;
const rowsWord = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;
const isUnderWay = (job: Import) => job.state === 'queued' || job.state === 'running';

function counts(job: Import): string {
  const verb = job.dryRun ? 'would be ' : '';
  return [
    `${formatCount(job.created)} ${verb}added`,
    `${formatCount(job.updated)} ${verb}changed`,
    `${formatCount(job.unchanged)} unchanged`,
    `${formatCount(job.failed)} ${job.dryRun ? 'would fail' : 'failed'}`,
  ].join(', ');
}

function Progress({ job, answeredAt, onCancel, isCancelling }: { job: Import; answeredAt: number; onCancel: () => void; isCancelling: boolean }) {
  const timeLeft = useTimeLeft({ id: job.id, processed: job.processed, rows: job.rows, isRunning: job.state === 'running', answeredAt });
  const doing = job.dryRun ? 'Checking' : 'Importing';
  const text = `${formatCount(job.processed)} of ${rowsWord(job.rows)}`;
  const status = job.state === 'queued' ? `${doing}: waiting for its turn (${rowsWord(job.rows)})` : `${doing}: ${text}${timeLeft ? `, ${timeLeft}` : ''}`;
  return (
    <BulkProgress
      label="Import"
      status={isCancelling ? 'Stopping…' : status}
      progress={{ done: job.processed, total: job.rows, text }}
      stopLabel="Cancel"
      isStopping={isCancelling}
      onStop={onCancel}
    />
  );
}

function Outcome({ job }: { job: Import }) {
  if (job.state === 'failed')
    return (
      <Notice tone="error" title={job.dryRun ? 'The dry run failed' : 'The import failed'}>
        {job.reason} {!job.dryRun && `${rowsWord(job.processed)} had been imported before it stopped: ${counts(job)}.`}
      </Notice>
    );
  if (job.state === 'cancelled')
    return (
      <Notice
        tone="warning"
        title={`Cancelled: ${formatCount(job.processed)} of ${rowsWord(job.rows)} ${job.dryRun ? 'checked' : 'imported'} before it stopped`}
      >
        {counts(job)}.{!job.dryRun && ' The rows imported stay.'}
      </Notice>
    );
  if (job.dryRun)
    return (
      <Notice tone={job.failed > 0 ? 'warning' : 'success'} title={`Dry run: ${rowsWord(job.rows)} checked, nothing changed`}>
        {counts(job)}.
      </Notice>
    );
  return (
    <Notice tone={job.failed > 0 ? 'warning' : 'success'} title={`Imported ${rowsWord(job.rows)}`}>
      {counts(job)}.
    </Notice>
  );
}

export function ImportWorkflow() {
  const [file, setFile] = useState<File>();
  const [firstRows, setFirstRows] = useState<Rows | { problem: string }>();
  const [jobId, setJobId] = useState<number>();
  const start = useCreateImport();
  const cancel = useCancelImport();
  const watched = useImport(jobId);
  const job = watched.data;
  const isRunning = job !== undefined && isUnderWay(job);

  const pick = (picked: File) => {
    setFile(picked);
    setJobId(undefined);
    setFirstRows(undefined);
    start.reset();
    void readFirstRows(picked, PREVIEW_ROWS).then(setFirstRows);
  };
  const run = (dryRun: boolean) => {
    if (!file) return;
    cancel.reset();
    start.mutate({ file, dryRun }, { onSuccess: (started) => setJobId(started.id) });
  };
  const checkedAlready = job?.dryRun && job.state === 'done';
  // Once a file has been imported (or started to be), another run of it would add its new pets again: pick a file anew.
  const mayRun = file !== undefined && !isRunning && (job === undefined || job.dryRun);

  return (
    <div className="space-y-5">
      {!isRunning && <FileDropZone onFile={pick} disabled={start.isPending} />}
      {file && (
        <p className="text-sm">
          File: <span className="font-medium">{file.name}</span> ({formatCount(Math.ceil(file.size / 1024))} KB)
        </p>
      )}
      {firstRows && 'problem' in firstRows && (
        <Notice tone="warning" title="The first rows could not be read here">
          {firstRows.problem}. A dry run says what the server makes of the file.
        </Notice>
      )}
      {firstRows && 'header' in firstRows && <FirstRows {...firstRows} />}
      {mayRun && (
        <div className="flex flex-wrap gap-2">
          <Button variant={checkedAlready ? 'secondary' : 'primary'} onClick={() => run(true)} disabled={start.isPending}>
            <FlaskConical aria-hidden />
            {start.isPending && start.variables?.dryRun ? 'Sending…' : 'Dry run'}
          </Button>
          <Button variant={checkedAlready ? 'primary' : 'secondary'} onClick={() => run(false)} disabled={start.isPending}>
            <Upload aria-hidden />
            {start.isPending && !start.variables?.dryRun ? 'Sending…' : 'Import'}
          </Button>
        </div>
      )}
      {start.isError && (
        <Notice tone="error" title="The file was not taken">
          {errorsFromApi(start.error).message}
        </Notice>
      )}
      {cancel.isError && (
        <Notice tone="error" title="It could not be cancelled">
          {errorsFromApi(cancel.error).message}
        </Notice>
      )}
      {job && isRunning && <Progress job={job} answeredAt={watched.dataUpdatedAt} onCancel={() => cancel.mutate(job.id)} isCancelling={cancel.isPending} />}
      {job && !isRunning && (
        <div className="space-y-4">
          <Outcome job={job} />
          <FailedRows job={job} />
          {!job.dryRun && job.created + job.updated > 0 && <ChangedPets job={job} />}
        </div>
      )}
    </div>
  );
}
