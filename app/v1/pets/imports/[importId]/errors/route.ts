// GET /v1/pets/imports/{importId}/errors (getImportErrors, experimental): the failed rows
// as CSV: their row number in the file, their values under the file's own header, and the
// reason in words. Fix them and import this file again (`row` and `reason` are ignored).
import { ImportIdParams } from '@/lib/contract/imports';
import { importErrorsCsv } from '@/lib/domain/imports';
import { notFound } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { answer } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getImportErrors' }, async ({ params, database }) => {
  const { importId } = parseParams(params, ImportIdParams);
  const csv = importId <= BigInt(Number.MAX_SAFE_INTEGER) ? await importErrorsCsv(database, Number(importId)) : undefined;
  if (csv === undefined) throw notFound(`No import has id ${importId}.`);
  return answer({
    status: 200,
    body: csv,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="import-${importId}-errors.csv"` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
