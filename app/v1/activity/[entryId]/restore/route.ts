// POST /v1/activity/{entryId}/restore (restoreActivityEntry, write, experimental): the pet of
// that entry back to its state after it, as one new change through a PATCH's rules (409 with
// the reason); a delete entry brings the deleted pet back, under its id, with its tags and photos.
import { ActivityEntryIdParams } from '@/lib/contract/restore';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { restoreEntry } from '@/lib/domain/restore';

export const dynamic = 'force-dynamic';

export const POST = apiRoute({ operation: 'restoreActivityEntry' }, async ({ params, database }) => {
  const { entryId } = parseParams(params, ActivityEntryIdParams);
  // No entry has an id beyond what JSON carries exactly.
  if (entryId > BigInt(Number.MAX_SAFE_INTEGER)) throw notFound(`No activity entry has id ${entryId}.`);
  return json(valueOf(await restoreEntry(database, Number(entryId))));
});

const others = otherMethods(['POST']);
export const { PUT, PATCH, DELETE, OPTIONS } = others;
export const GET = others.PUT;
