'use client';
// ActivityTable: entries of the activity log, newest first: when (local time, to the
// second), who, what (a link to the record where it has a page), the fields before and
// after in words, and the request id; "Older" follows the cursor.
import { History } from 'lucide-react';
import { useState } from 'react';
import { useActivity, usePetHistory, useUsers } from '@/lib/client/hooks';
import type { ListActivityParams } from '@/lib/client/api-client';
import { useRole } from '@/lib/client/provider';
import type { ActivityEntry } from '@/lib/contract/activity';
import { may } from '@/lib/contract/roles';
import { splitDateTime } from '../format';
import { IntentLink } from '../intent-link';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { FlashNotice } from '../ui/flash-notice';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { actionLabel, changedFields, isAboutAccount, recordHref, resourceLabel, showValue, who } from './activity-words';
import { RestoreEntryButton, UndoBatchButton, type Outcome } from './restore-controls';

const COLUMNS = [{ title: 'When' }, { title: 'Who' }, { title: 'What' }, { title: 'Changes' }, { title: 'Request' }];
const WITH_ACTIONS = [...COLUMNS, { title: 'Actions' }];

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
function Who({ entry, isLinked }: { entry: ActivityEntry; isLinked: boolean }) {
  const name = who(entry);
  if (!isLinked || !entry.actor?.userId || !entry.actor.label) return name;
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
      {entry.restoredFrom ? 'restored' : actionLabel(entry.action)}
    </span>
  );
}

/**
 * The log's entries (`params`, admins) or one pet's history (`petId`, anyone who may read
 * it). Controls, for the roles that may use them: in a pet's history, "Restore this
 * version" on each entry but the current one; in the log, "Restore" on a pet's deletion
 * and "Undo" on an entry of a batch (a bulk change or an import).
 */
export function ActivityTable({ params, petId, label }: { params?: Omit<ListActivityParams, 'cursor'>; petId?: number; label: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome>();
  const role = useRole();
  const isHistory = petId !== undefined;
  const log = useActivity({ ...params, cursor: cursors.at(-1) }, { enabled: !isHistory });
  const history = usePetHistory(petId ?? 0, { limit: params?.limit ?? 10, cursor: cursors.at(-1) }, { enabled: isHistory });
  const activity = isHistory ? history : log;
  const mayReadLog = may(role, 'listActivity');
  const mayRestore = may(role, 'restoreActivityEntry');
  const mayUndo = !isHistory && may(role, 'undoBatch');
  // The users list (admins read both) gives the accounts' emails, for links that find them; only when entries are about accounts.
  const users = useUsers({ enabled: mayReadLog && Boolean(activity.data?.items.some(isAboutAccount)) });
  const emailOf = (userId: number) => users.data?.find((user) => user.id === userId)?.email;
  const columns = mayRestore ? WITH_ACTIONS : COLUMNS;
  if (activity.isPending) return <TableSkeleton columns={columns} rows={3} label={`${label} (loading)`} />;
  if (activity.isError)
    return (
      <LoadError
        what={isHistory ? 'the history' : 'the activity log'}
        error={activity.error}
        onRetry={() => void activity.refetch()}
        isRetrying={activity.isFetching}
      />
    );
  const { items, nextCursor } = activity.data;
  if (items.length === 0 && cursors.length === 0) {
    const isFiltered = !isHistory && Object.entries(params ?? {}).some(([name, value]) => name !== 'limit' && value !== undefined);
    return (
      <TableCard>
        <EmptyState icon={<History aria-hidden />} title={isFiltered ? 'No entries match these filters' : 'Nothing recorded yet'}>
          {isFiltered ? 'Try another person, a wider date range or another resource.' : 'Changes appear here as they are made.'}
        </EmptyState>
      </TableCard>
    );
  }
  /** The pet's current version: the newest entry of its history, unless it is the deletion. */
  const isCurrent = (entry: ActivityEntry) => isHistory && cursors.length === 0 && entry.id === items[0]?.id && entry.action !== 'delete';
  const controls = (entry: ActivityEntry) => {
    if (entry.resource !== 'pet') return null;
    const restore = (isHistory ? !isCurrent(entry) : entry.action === 'delete') && <RestoreEntryButton entry={entry} onDone={setOutcome} />;
    const undo = mayUndo && entry.batchId && <UndoBatchButton batchId={entry.batchId} label={`Undo the batch of entry ${entry.id}`} onDone={setOutcome} />;
    if (!restore && !undo) return isCurrent(entry) ? <span className="text-xs text-zinc-600 dark:text-zinc-400">Current version</span> : null;
    return (
      <div className="flex flex-wrap gap-2">
        {restore}
        {undo}
      </div>
    );
  };
  return (
    <div className="space-y-3">
      {outcome && (
        <FlashNotice tone="success" title={outcome.title} onDismiss={() => setOutcome(undefined)}>
          {outcome.detail}
        </FlashNotice>
      )}
      <TableCard>
        <Table aria-label={label}>
          <TableHead columns={columns} />
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
                    <Who entry={entry} isLinked={mayReadLog} />
                  </Td>
                  <Td>
                    <What entry={entry} emailOf={emailOf} />
                  </Td>
                  <Td className="max-w-72 text-xs whitespace-normal! wrap-break-word">
                    <Changes entry={entry} />
                  </Td>
                  <Td className="max-w-40 font-mono text-xs whitespace-normal! text-zinc-600 wrap-anywhere dark:text-zinc-400">{entry.requestId ?? '—'}</Td>
                  {mayRestore && <Td>{controls(entry) ?? '—'}</Td>}
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
