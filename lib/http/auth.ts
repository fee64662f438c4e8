// Bearer authentication for /v1 (docs/CONTRACT.md §5, RFC 6750): the Authorization header
// and nothing else; cookies are never read here.
import { processKeyCache } from '../domain/api-key-cache';
import { checkApiKey, type Scope } from '../domain/api-key-check';
import { now } from '../runtime/clock';
import { db } from '../db/client';
import { ApiError } from './errors';

const REALM = 'Bearer realm="petstore"';
// RFC 6750 §2.1: the scheme is case-insensitive; the token is a b64token.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export type Caller = { keyId: number; scopes: Scope[]; userId: number | null; label: string };

export async function authenticate(request: Request, scope: Scope): Promise<Caller> {
  const header = request.headers.get('authorization');
  if (header === null || header.trim() === '') {
    throw unauthorized('An API key is required: send `Authorization: Bearer <key>`.', REALM);
  }
  const match = BEARER.exec(header);
  if (!match) {
    throw unauthorized('The Authorization header is malformed: expected `Authorization: Bearer <key>`.', `${REALM}, error="invalid_request"`);
  }
  const check = await checkApiKey(await db(), match[1]!, now(), processKeyCache());
  if (!check.ok) {
    const messages = {
      unknown: 'The API key is not valid.',
      expired: 'The API key has expired.',
      revoked: 'The API key has been revoked.',
    };
    throw unauthorized(messages[check.reason], `${REALM}, error="invalid_token"`);
  }
  if (!check.scopes.includes(scope)) {
    throw new ApiError('forbidden', `This API key lacks the "${scope}" scope needed for this operation.`);
  }
  return { keyId: check.keyId, scopes: check.scopes, userId: check.userId, label: check.label };
}

/** A key refused when its change acted: revoked, or its owner disabled or gone, since the request began. */
export function keyNoLongerValid(): ApiError {
  return unauthorized('The API key has been revoked, or its owner may no longer use it.', `${REALM}, error="invalid_token"`);
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError('unauthorized', message, { headers: { 'www-authenticate': challenge } });
}
