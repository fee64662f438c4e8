'use client';
// ActivityTable: entries of the activity log, newest first: when, who, what,
// the fields before and after, and the request id; "Older" follows the cursor.
import { History } from 'lucide-react';
import { useState } from 'react';
import { useActivity } from '@/lib/client/hooks';
import type { ListActivityParams } from '@/lib/client/api-client';
import type { ActivityEntry } from '@/lib/contract/activity';
import { splitDateTime } from '../format';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';

const COLUMNS = [{ title: 'When' }, { title: 'Who' }, { title: 'What' }, { title: 'Changes' }, { title: 'Request' }];

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

function Changes({ entry }: { entry: ActivityEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter((field) => field !== 'id');
  if (fields.length === 0) return '—';
  return (
    <ul className="space-y-0.5">
      {fields.map((field) => (
        <li key={field}>
          <span className="font-medium">{field}</span>:{' '}
          {entry.action !== 'create' && <span className="line-through decoration-zinc-400">{show(entry.before?.[field])}</span>}
          {entry.action === 'update' && ' → '}
          {entry.action !== 'delete' && show(entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

function who(entry: ActivityEntry): string {
  if (!entry.actor) return 'system';
  const label = entry.actor.label ?? (entry.actor.userId ? `user ${entry.actor.userId}` : 'unknown');
  return entry.actor.keyId && !entry.actor.userId ? `${label} (key ${entry.actor.keyId})` : label;
}

export function ActivityTable({ params, label }: { params: Omit<ListActivityParams, 'cursor'>; label: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const activity = useActivity({ ...params, cursor: cursors.at(-1) });
  if (activity.isPending) return <TableSkeleton columns={COLUMNS} rows={3} label={`${label} (loading)`} />;
  if (activity.isError)
    return <LoadError what="the activity log" error={activity.error} onRetry={() => void activity.refetch()} isRetrying={activity.isFetching} />;
  const { items, nextCursor } = activity.data;
  if (items.length === 0 && cursors.length === 0) {
    return (
      <TableCard>
        <EmptyState icon={<History aria-hidden />} title="Nothing recorded yet">
          Changes appear here as they are made.
        </EmptyState>
      </TableCard>
    );
  }
  return (
    <div className="space-y-3">
      <TableCard>
        <Table aria-label={label}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {items.map((entry) => {
              const { date, time } = splitDateTime(entry.at);
              return (
                <Tr key={entry.id}>
                  <Td>
                    <time dateTime={entry.at} className="block leading-tight">
                      {date}
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">{time}</span>
                    </time>
                  </Td>
                  <Td className="max-w-48 whitespace-normal! break-all">{who(entry)}</Td>
                  <Td>
                    {/* One child: the phone layout lays a cell's children out apart. */}
                    <span>
                      {entry.resource.replace('_', ' ')} {entry.resourceId && <span className="font-mono text-xs">#{entry.resourceId}</span>}{' '}
                      <span className="font-medium">{entry.action}</span>
                    </span>
                  </Td>
                  <Td className="max-w-72 text-xs whitespace-normal! wrap-break-word">
                    <Changes entry={entry} />
                  </Td>
                  <Td className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{entry.requestId ?? '—'}</Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      </TableCard>
      <div className="flex gap-2">
        {cursors.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
        )}
        {nextCursor && (
          <Button variant="secondary" size="sm" onClick={() => setCursors([...cursors, nextCursor])}>
            Older
          </Button>
        )}
      </div>
    </div>
  );
}
