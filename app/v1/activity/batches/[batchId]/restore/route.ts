// POST /v1/activity/batches/{batchId}/restore (undoBatch, write, experimental): every pet of a
// batch (a bulk change, a bulk delete, an import, an undo) that has not changed since goes back
// to its state before it, each in its own transaction, as one new batch; the others are listed
// with the reason. `dryRun=true` says what it would do and changes nothing.
import { randomUUID } from 'node:crypto';
import { BatchIdParams, UndoBatchQuery, type UndoneBatch } from '@/lib/contract/restore';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { undoBatch } from '@/lib/domain/restore';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ operation: 'undoBatch' }, async ({ params, url, database }) => {
  const { batchId } = parseParams(params, BatchIdParams);
  const { dryRun } = parseQuery(url, UndoBatchQuery);
  const undoBatchId = randomUUID();
  const { restored, leftAlone } = valueOf(await undoBatch(database, batchId, { undoBatchId, dryRun }));
  const answer: UndoneBatch = { undone: batchId, ...(!dryRun && { batchId: undoBatchId }), dryRun, restored, leftAlone };
  return json(answer);
});

const others = otherMethods(['POST']);
export const { PUT, PATCH, DELETE, OPTIONS } = others;
export const GET = others.PUT;
