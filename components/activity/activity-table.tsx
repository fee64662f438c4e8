'use client';
// ActivityTable: entries of the activity log, newest first: when (local time, to the
// second), who, what (a link to the record where it has a page), the fields before and
// after in words, and the request id; "Older" follows the cursor.
import { History } from 'lucide-react';
import { useState } from 'react';
import { useActivity, useUsers } from '@/lib/client/hooks';
import type { ListActivityParams } from '@/lib/client/api-client';
import type { ActivityEntry } from '@/lib/contract/activity';
import { splitDateTime } from '../format';
import { IntentLink } from '../intent-link';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { actionLabel, changedFields, isAboutAccount, recordHref, resourceLabel, showValue, who } from './activity-words';

const COLUMNS = [{ title: 'When' }, { title: 'Who' }, { title: 'What' }, { title: 'Changes' }, { title: 'Request' }];

const linkStyle =
  'rounded font-medium text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:text-indigo-300';

function Changes({ entry }: { entry: ActivityEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return '—';
  return (
    <ul className="space-y-0.5">
      {fields.map(({ field, label }) => (
        <li key={field}>
          <span className="font-medium">{label}</span>:{' '}
          {entry.action !== 'create' && <span className="line-through decoration-zinc-400">{showValue(entry.before?.[field])}</span>}
          {entry.action === 'update' && ' → '}
          {entry.action !== 'delete' && showValue(entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

/** The actor, a link to their entries when they are a person. */
function Who({ entry }: { entry: ActivityEntry }) {
  const name = who(entry);
  if (!entry.actor?.userId || !entry.actor.label) return name;
  return (
    <IntentLink href={`/activity?person=${encodeURIComponent(entry.actor.label)}`} className={linkStyle} title={`Everything by or about ${entry.actor.label}`}>
      {name}
    </IntentLink>
  );
}

function What({ entry, emailOf }: { entry: ActivityEntry; emailOf: (userId: number) => string | undefined }) {
  const record = `${resourceLabel(entry.resource)}${entry.resourceId ? ` #${entry.resourceId}` : ''}`;
  const href = recordHref(entry, emailOf);
  return (
    // One child: the phone layout lays a cell's children out apart.
    <span>
      {href ? (
        <IntentLink href={href} className={linkStyle}>
          {record}
        </IntentLink>
      ) : (
        record
      )}{' '}
      {actionLabel(entry.action)}
    </span>
  );
}

export function ActivityTable({ params, label }: { params: Omit<ListActivityParams, 'cursor'>; label: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const activity = useActivity({ ...params, cursor: cursors.at(-1) });
  // The users list (admins read both) gives the accounts' emails, for links that find them; only when entries are about accounts.
  const users = useUsers({ enabled: Boolean(activity.data?.items.some(isAboutAccount)) });
  const emailOf = (userId: number) => users.data?.find((user) => user.id === userId)?.email;
  if (activity.isPending) return <TableSkeleton columns={COLUMNS} rows={3} label={`${label} (loading)`} />;
  if (activity.isError)
    return <LoadError what="the activity log" error={activity.error} onRetry={() => void activity.refetch()} isRetrying={activity.isFetching} />;
  const { items, nextCursor } = activity.data;
  if (items.length === 0 && cursors.length === 0) {
    const isFiltered = Object.entries(params).some(([name, value]) => name !== 'limit' && value !== undefined);
    return (
      <TableCard>
        <EmptyState icon={<History aria-hidden />} title={isFiltered ? 'No entries match these filters' : 'Nothing recorded yet'}>
          {isFiltered ? 'Try another person, a wider date range or another resource.' : 'Changes appear here as they are made.'}
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
              const { date, time } = splitDateTime(entry.at, { toTheSecond: true });
              return (
                <Tr key={entry.id}>
                  <Td>
                    <time dateTime={entry.at} className="block leading-tight">
                      {date}
                      <span className="block text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{time}</span>
                    </time>
                  </Td>
                  <Td className="max-w-64 whitespace-normal! wrap-anywhere">
                    <Who entry={entry} />
                  </Td>
                  <Td>
                    <What entry={entry} emailOf={emailOf} />
                  </Td>
                  <Td className="max-w-72 text-xs whitespace-normal! wrap-break-word">
                    <Changes entry={entry} />
                  </Td>
                  <Td className="max-w-40 font-mono text-xs whitespace-normal! text-zinc-600 wrap-anywhere dark:text-zinc-400">{entry.requestId ?? '—'}</Td>
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
