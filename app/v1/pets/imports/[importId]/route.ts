// GET /v1/pets/imports/{importId} (getImport, experimental): an import's state and counts.
// DELETE (cancelImport): cancels one still queued or running; the rows already committed stay.
import { ImportIdParams } from '@/lib/contract/imports';
import { cancelImport, getImport } from '@/lib/domain/imports';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { toImport } from '@/lib/http/import-body';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

/** An import id within what a bigserial assigned (larger ones name no import). */
const importIdOf = (params: Record<string, string | string[]>) => {
  const { importId } = parseParams(params, ImportIdParams);
  return importId > BigInt(Number.MAX_SAFE_INTEGER) ? 0 : Number(importId);
};

export const GET = apiRoute({ operation: 'getImport' }, async ({ params, database }) => {
  const id = importIdOf(params);
  const found = id > 0 ? await getImport(database, id) : undefined;
  if (!found) throw notFound(`No import has id ${parseParams(params, ImportIdParams).importId}.`);
  return json(toImport(found));
});

export const DELETE = apiRoute({ operation: 'cancelImport' }, async ({ params, database }) => {
  const id = importIdOf(params);
  if (id === 0) throw notFound(`No import has id ${parseParams(params, ImportIdParams).importId}.`);
  return json(toImport(valueOf(await cancelImport(database, id))));
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods(['GET', 'DELETE']);
