'use client';
// ExportActivityButton: every entry the Activity page's filters match, newest first,
// as CSV: one row an entry, its changes in words and as JSON, the time in UTC.
import type { ListActivityParams, PetstoreClient } from '@/lib/client/api-client';
import type { ActivityEntry } from '@/lib/contract/activity';
import { ExportCsvButton } from '../csv/export-csv-button';
import { actionLabel, changesInWords, resourceLabel, who } from './activity-words';

// The API's largest page.
const PAGE_SIZE = 100;

async function* activityPages(client: PetstoreClient, filters: Omit<ListActivityParams, 'limit' | 'cursor'>): AsyncGenerator<ActivityEntry[]> {
  let cursor: string | undefined;
  do {
    const page = await client.listActivity({ ...filters, limit: PAGE_SIZE, cursor });
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

const COLUMNS = {
  header: ['at (UTC)', 'who', 'actorUserId', 'actorKeyId', 'resource', 'resourceId', 'action', 'changes', 'before', 'after', 'requestId'],
  row: (entry: ActivityEntry) => [
    entry.at,
    who(entry),
    entry.actor?.userId ?? '',
    entry.actor?.keyId ?? '',
    resourceLabel(entry.resource),
    entry.resourceId ?? '',
    actionLabel(entry.action),
    changesInWords(entry),
    json(entry.before),
    json(entry.after),
    entry.requestId ?? '',
  ],
};

export function ExportActivityButton({ filters }: { filters: Omit<ListActivityParams, 'limit' | 'cursor'> }) {
  return <ExportCsvButton what="entries" fileStem="activity" columns={COLUMNS} pages={(client) => activityPages(client, filters)} total={undefined} />;
}
