// GET /v1/api-keys (listApiKeys) and POST /v1/api-keys (createApiKey): admins
// (the admin scope) see and make every key; a dashboard user's session sees and
// makes its user's own keys, no wider than their role allows.
import { createApiKey, listApiKeys, scopesFor, toApiKey } from '@/lib/api-keys';
import { now } from '@/lib/runtime/clock';
import { NewApiKey } from '@/lib/contract/api-keys';
import { GRANTABLE_SCOPE } from '@/lib/contract/roles';
import { readJsonBody } from '@/lib/http/body';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { keyHolder } from '@/lib/http/key-holder';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ database, caller }) => {
  const holder = await keyHolder(database, caller);
  const keys = await listApiKeys(database, holder.isAdmin ? {} : { userId: holder.user.id });
  return json(keys.map(toApiKey));
});

export const POST = apiRoute({ scope: 'read' }, async ({ request, database, caller }) => {
  const holder = await keyHolder(database, caller);
  const newKey = parseBody(await readJsonBody(request), NewApiKey);
  if (!holder.isAdmin && !scopesFor(GRANTABLE_SCOPE[holder.user.role]).includes(newKey.scope)) {
    throw new ApiError('forbidden', `Your role (${holder.user.role}) may make keys with the "${GRANTABLE_SCOPE[holder.user.role]}" scope at most.`);
  }
  const expiresAt = newKey.expiresAt ? new Date(newKey.expiresAt) : null;
  if (expiresAt && expiresAt <= now()) {
    throw new ApiError('invalid_request', 'Invalid request body: expiresAt must be in the future.', {
      details: [{ path: 'expiresAt', message: 'must be in the future' }],
    });
  }
  const { apiKey, secret } = await createApiKey(database, {
    name: newKey.name,
    scopes: scopesFor(newKey.scope),
    expiresAt,
    userId: holder.user?.id,
    // An admin key that is no user's session is the bootstrap key.
    madeBy: holder.user ? 'user' : 'bootstrap',
  });
  const made = { ...apiKey, makerEmail: holder.user?.email };
  return json({ ...toApiKey(made), key: secret }, { status: 201, headers: { location: `/v1/api-keys/${apiKey.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
