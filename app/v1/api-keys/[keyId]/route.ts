// DELETE /v1/api-keys/{keyId} (revokeApiKey): the key stops working at once and
// stays listed, with revokedAt. Revoking twice keeps the first time.
import { revokeApiKey, toApiKey } from '@/lib/api-keys';
import { now } from '@/lib/runtime/clock';
import { ApiKeyIdParams } from '@/lib/contract/api-keys';
import { notFound } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute({ scope: 'admin' }, async ({ params, database }) => {
  const { keyId } = parseParams(params, ApiKeyIdParams);
  const revoked = await revokeApiKey(database, keyId, now(), { listedOnly: true });
  if (!revoked) throw notFound(`No API key has id ${keyId}.`);
  return json(toApiKey(revoked));
});

const others = otherMethods(['DELETE']);
export const { POST, PUT, PATCH, OPTIONS } = others;
// A key is read through the list; GET here is refused like any other method.
export const GET = others.POST;
