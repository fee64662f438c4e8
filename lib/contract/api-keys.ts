// ApiKey, NewApiKey and CreatedApiKey: the dashboard's key management
// operations under /v1/api-keys (admin scope; not part of the public spec).
import { z } from 'zod';
import { displayName } from './names';
import { int64Id } from './params';

/** Each scope includes the ones before it; `admin` may manage keys. */
export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
/** The scopes a key made through the API can have (admin stays with sessions and the bootstrap key). */
const GRANTABLE_SCOPES = ['read', 'write'] as const;

/** Who made a key: a user (dashboard or API), the CLI, the bootstrap key; `config` is the bootstrap key itself. */
export const API_KEY_MAKERS = ['user', 'cli', 'bootstrap', 'config'] as const;
export type ApiKeyMaker = (typeof API_KEY_MAKERS)[number];

/** Why a key stopped before its time: revoked by hand, or with its user's session, password, role, state or account. */
const API_KEY_REVOKE_REASONS = [
  'revoked',
  'signed-out',
  'signed-out-everywhere',
  'password-changed',
  'password-reset',
  'role-changed',
  'disabled',
  'deleted',
] as const;
export type ApiKeyRevokeReason = (typeof API_KEY_REVOKE_REASONS)[number];

export const ApiKeyScope = z.enum(API_KEY_SCOPES).meta({ id: 'ApiKeyScope' });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Each scope includes the ones below it: a key that may add pets may also list them. */
export function scopesFor(scope: ApiKeyScope): ApiKeyScope[] {
  return API_KEY_SCOPES.slice(0, API_KEY_SCOPES.indexOf(scope) + 1);
}

export const ApiKey = z
  .object({
    id: z.int().min(1).meta({ format: 'int64' }),
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.' }),
    scopes: z.array(ApiKeyScope),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().optional().meta({ description: 'Absent when the key never expires.' }),
    lastUsedAt: z.iso.datetime().optional().meta({ description: 'Refreshed at most once a minute; absent if never used.' }),
    revokedAt: z.iso.datetime().optional(),
    revokedReason: z.enum(API_KEY_REVOKE_REASONS).optional().meta({
      description:
        'Experimental. Why it was revoked: by hand (`revoked`), or with its user (`role-changed`: beyond the new role; `disabled`, `deleted`; `password-reset`, `password-changed`, `signed-out…` for sessions).',
    }),
    revokedBy: z.string().optional().meta({
      description:
        'Experimental. Who revoked it (the email of the user, or the name of the key, as the activity log has it); absent when the log no longer says.',
    }),
    madeBy: z
      .object({
        kind: z.enum(API_KEY_MAKERS),
        userId: z.int().min(1).optional().meta({ format: 'int64' }),
        email: z.string().optional(),
      })
      .optional()
      .meta({
        description:
          'Who made the key (experimental): a user (with their id and email, absent once deleted), the CLI, the bootstrap key, or `config` for the bootstrap key itself.',
      }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeys = z.array(ApiKey).meta({ id: 'ApiKeys' });

export const NewApiKey = z
  .strictObject(
    {
      name: displayName('A name to recognise the key by.'),
      scope: z.enum(GRANTABLE_SCOPES, { error: `must be one of ${GRANTABLE_SCOPES.join(', ')}` }),
      expiresAt: z.iso
        .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
        .optional()
        .meta({ description: 'When the key stops working: an instant in the future (a past one is refused); absent for a key that never expires.' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') },
  )
  .meta({ id: 'NewApiKey' });
export type NewApiKey = z.infer<typeof NewApiKey>;

export const CreatedApiKey = ApiKey.extend({
  key: z.string().meta({ description: 'The key itself. Shown only in this response: store it now.' }),
}).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyIdParams = z.object({ keyId: int64Id() });
