// An activity log row as the API answers it (GET /v1/activity, GET /v1/pets/{petId}/history):
// absent values are omitted, never null.
import type { ActivityEntry } from '@/lib/contract/activity';
import type { ActivityEntry as Row } from '@/lib/domain/activity';

export function toEntry(row: Row): ActivityEntry {
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
