// DELETE /v1/api-keys/{keyId} (revokeApiKey): the key stops working at once and
// stays listed, with revokedAt. Revoking twice keeps the first time. Admins may
// revoke any listed key but the bootstrap key (409); a user's session, its own.
import { revokeListedKey, toApiKey } from '@/lib/domain/api-keys';
import { now } from '@/lib/runtime/clock';
import { ApiKeyIdParams } from '@/lib/contract/api-keys';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { keyHolder } from '@/lib/http/key-holder';
import { otherMethods } from '@/lib/http/other-methods';
import { parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute({ operation: 'revokeApiKey' }, async ({ params, database, caller }) => {
  const holder = await keyHolder(database, caller);
  const { keyId } = parseParams(params, ApiKeyIdParams);
  if (keyId > Number.MAX_SAFE_INTEGER) throw notFound(`No API key has id ${keyId}.`);
  const revoked = valueOf(await revokeListedKey(database, Number(keyId), now(), holder.isAdmin ? {} : { ownerId: holder.user.id }));
  return json(toApiKey(revoked));
});

const others = otherMethods(['DELETE']);
export const { POST, PUT, PATCH, OPTIONS } = others;
// A key is read through the list; GET here is refused like any other method.
export const GET = others.POST;
