// POST /v1/pets/imports (createImport, experimental): a CSV file of pets, checked whole
// (UTF-8, a `name` column, at most 200,000 rows) before any job exists, then stored and
// queued: 202 with the Import, which any instance runs (lib/runtime/import-queue.ts).
// GET /v1/pets/imports (listImports): newest first, keyset-paged.
import { ListImportsQuery, NewImportQuery } from '@/lib/contract/imports';
import { checkImportFile } from '@/lib/domain/import-file';
import { createImport, listImports } from '@/lib/domain/imports';
import { acceptedOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { IMPORT_BODY_LIMIT, readImportFile, toImport } from '@/lib/http/import-body';
import { inImportSlot } from '@/lib/http/import-slots';
import { nextPageHeaders } from '@/lib/http/link';
import { otherMethods } from '@/lib/http/other-methods';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { enqueueImport } from '@/lib/runtime/import-queue';

export const dynamic = 'force-dynamic';

export const POST = apiRoute(
  // A 50 MB file is 50 writes of its parts in one transaction: more than a request's 3 s on a
  // busy database. Files are taken in a few at once (lib/http/import-slots.ts).
  { operation: 'createImport', idempotent: true, bodyLimit: IMPORT_BODY_LIMIT, databaseTimeoutMs: 30_000, admit: inImportSlot },
  async ({ request, url, caller, requestId, database }) => {
    const { dryRun, createCategories } = parseQuery(url, NewImportQuery);
    const bytes = await readImportFile(request);
    const file = acceptedOf(await checkImportFile(bytes));
    const maker = { keyId: caller.keyId, userId: caller.userId, label: caller.label, requestId };
    // In a transaction of its own unless Idempotency-Key opened one: the import, its file and its job together.
    const created = await database.transaction((transaction) => createImport(transaction, { file, bytes, dryRun, createCategories, maker }, enqueueImport));
    return json(toImport(created), { status: 202, headers: { location: `/v1/pets/imports/${created.id}` } });
  },
);

export const GET = apiRoute({ operation: 'listImports' }, async ({ url, database }) => {
  const { limit, cursor, batchId } = parseQuery(url, ListImportsQuery);
  const page = await listImports(database, { limit, beforeId: cursor, batchId });
  return json(page.items.map(toImport), { headers: nextPageHeaders(url, page, limit) });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
