// GET /v1/activity (listActivity, admin, experimental): the activity log, newest
// first, filtered by resource, id, actor and time, keyset-paged (Link: rel="next").
import { listActivity, type ActivityEntry as Row } from '@/lib/domain/activity';
import type { ActivityEntry } from '@/lib/contract/activity';
import { ListActivityQuery } from '@/lib/contract/activity';
import { apiRoute } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { otherMethods } from '@/lib/http/other-methods';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

/** Absent values are omitted, never null. */
function toEntry(row: Row): ActivityEntry {
  const entry: ActivityEntry = { id: row.id, at: row.at.toISOString(), resource: row.resource as ActivityEntry['resource'], action: row.action };
  if (row.actorUserId !== null || row.actorKeyId !== null || row.actorLabel !== null) {
    entry.actor = {};
    if (row.actorUserId !== null) entry.actor.userId = row.actorUserId;
    if (row.actorKeyId !== null) entry.actor.keyId = row.actorKeyId;
    if (row.actorLabel !== null) entry.actor.label = row.actorLabel;
  }
  if (row.resourceId !== null) entry.resourceId = row.resourceId;
  if (row.before) entry.before = row.before;
  if (row.after) entry.after = row.after;
  if (row.requestId !== null) entry.requestId = row.requestId;
  if (row.batchId !== null) entry.batchId = row.batchId;
  if (row.restoredFrom !== null) entry.restoredFrom = row.restoredFrom;
  return entry;
}

export const GET = apiRoute({ operation: 'listActivity' }, async ({ url, database }) => {
  const { limit, cursor, ...filters } = parseQuery(url, ListActivityQuery);
  const page = await listActivity(database, { ...filters, limit, beforeId: cursor });
  return json(page.items.map(toEntry), { headers: nextPageHeaders(url, page, limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
