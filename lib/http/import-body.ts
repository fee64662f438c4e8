// The body of POST /v1/pets/imports: a CSV file of at most MAX_IMPORT_BYTES (413 by its
// Content-Length before a byte is read, else while it streams), sent as text/csv, and
// the Import as the API answers it.
import type { Import } from '../contract/imports';
import { MAX_IMPORT_BYTES } from '../contract/limits.mjs';
import type { ImportRecord } from '../domain/imports';
import { readBodyBytes, type BodyLimit } from './body';
import { RequestRefusal } from './errors';

export const IMPORT_BODY_LIMIT: BodyLimit = {
  bytes: MAX_IMPORT_BYTES,
  refusal: () => new RequestRefusal('payload_too_large', `The file must be at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MB; split it into smaller files.`),
};

const CSV_MEDIA_TYPES = new Set(['text/csv', 'application/csv', 'text/plain']);

/** The file's bytes, or the refusal of a body that is missing, too large, or not CSV. */
export async function readImportFile(request: Request): Promise<Uint8Array> {
  const bytes = await readBodyBytes(request, IMPORT_BODY_LIMIT);
  // No bytes at all is a missing body (400) whatever the headers say, as for JSON (lib/http/body.ts).
  if (bytes.byteLength === 0) throw new RequestRefusal('invalid_request', 'A CSV file is required as the request body.');
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!CSV_MEDIA_TYPES.has(mediaType)) {
    const got = mediaType ? `got ${mediaType}` : 'none was given';
    throw new RequestRefusal('unsupported_media_type', `Content-Type must be text/csv (${got}).`);
  }
  return bytes;
}

/** Absent values are omitted, never null. */
export function toImport(row: ImportRecord): Import {
  const createdBy: Import['createdBy'] = { label: row.createdByLabel };
  if (row.createdByUserId !== null) createdBy.userId = row.createdByUserId;
  if (row.createdByKeyId !== null) createdBy.keyId = row.createdByKeyId;
  const answer: Import = {
    id: row.id,
    state: row.state as Import['state'],
    dryRun: row.dryRun,
    rows: row.rows,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    ignoredColumns: row.ignoredColumns,
    createdBy,
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.finishedAt) answer.finishedAt = row.finishedAt.toISOString();
  if (row.reason !== null) answer.reason = row.reason;
  return answer;
}
