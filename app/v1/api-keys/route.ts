// GET /v1/api-keys (listApiKeys) and POST /v1/api-keys (createApiKey): the
// dashboard's key management, for keys with the admin scope (session keys).
import { createApiKey, listApiKeys, scopesFor, toApiKey } from '@/lib/api-keys';
import { now } from '@/lib/runtime/clock';
import { NewApiKey } from '@/lib/contract/api-keys';
import { readJsonBody } from '@/lib/http/body';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'admin' }, async ({ database }) => {
  const keys = await listApiKeys(database);
  return json(keys.map(toApiKey));
});

export const POST = apiRoute({ scope: 'admin' }, async ({ request, database }) => {
  const newKey = parseBody(await readJsonBody(request), NewApiKey);
  const expiresAt = newKey.expiresAt ? new Date(newKey.expiresAt) : null;
  if (expiresAt && expiresAt <= now()) {
    throw new ApiError('invalid_request', 'Invalid request body: expiresAt must be in the future.', {
      details: [{ path: 'expiresAt', message: 'must be in the future' }],
    });
  }
  const { apiKey, secret } = await createApiKey(database, { name: newKey.name, scopes: scopesFor(newKey.scope), expiresAt });
  return json({ ...toApiKey(apiKey), key: secret }, { status: 201, headers: { location: `/v1/api-keys/${apiKey.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
