// GET /v1/api-keys (listApiKeys) and POST /v1/api-keys (createApiKey): admins
// (the admin scope) see and make every key; a dashboard user's session sees and
// makes its user's own keys, no wider than their role allows.
import { needAtChange } from '@/lib/domain/activity';
import { createApiKey, createUserApiKey, listApiKeys, toApiKey } from '@/lib/domain/api-keys';
import { config } from '@/lib/runtime/config';
import { now } from '@/lib/runtime/clock';
import { NewApiKey, scopesFor } from '@/lib/contract/api-keys';
import { keyScopeRefusal } from '@/lib/contract/roles';
import { readJsonBody } from '@/lib/http/body';
import { ApiError, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { keyHolder } from '@/lib/http/key-holder';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listApiKeys' }, async ({ database, caller }) => {
  const holder = await keyHolder(database, caller);
  const keys = await listApiKeys(database, holder.isAdmin ? {} : { userId: holder.user.id });
  return json(keys.map(toApiKey));
});

export const POST = apiRoute({ operation: 'createApiKey' }, async ({ request, database, caller }) => {
  const holder = await keyHolder(database, caller);
  const newKey = parseBody(await readJsonBody(request), NewApiKey);
  const refusal = keyScopeRefusal({ role: holder.isAdmin ? 'admin' : holder.user.role, heldScopes: caller.scopes }, newKey.scope);
  if (refusal) throw new ApiError('forbidden', refusal);
  // The key it makes needs those rights still held when it is made (drizzle/0018).
  needAtChange(newKey.scope);
  const expiresAt = newKey.expiresAt ? new Date(newKey.expiresAt) : null;
  if (expiresAt && expiresAt <= now()) {
    throw new ApiError('invalid_request', 'Invalid request body: expiresAt must be in the future.', {
      details: [{ path: 'expiresAt', message: 'must be in the future' }],
    });
  }
  const input = { name: newKey.name, scopes: scopesFor(newKey.scope), expiresAt };
  const { apiKey, secret } = holder.user
    ? valueOf(await createUserApiKey(database, { ...input, userId: holder.user.id }, config().PETSTORE_LIVE_KEYS_PER_USER))
    : // An admin key that is no user's session is the bootstrap key.
      await createApiKey(database, { ...input, madeBy: 'bootstrap' });
  const made = { ...apiKey, makerEmail: holder.user?.email };
  return json({ ...toApiKey(made), key: secret }, { status: 201, headers: { location: `/v1/api-keys/${apiKey.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
