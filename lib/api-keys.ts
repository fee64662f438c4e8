// Managing API keys: issuing, listing and revoking them. A key is shown once;
// only its SHA-256 is stored (checking a presented key: api-key-check.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { forgetCachedKey, REVOCATION_CHANNEL } from './api-key-cache';
import { hashKey, type Scope } from './api-key-check';
import { API_KEY_SCOPES, type ApiKey } from './contract/api-keys';
import type { Database } from './db/client';
import { afterNotification } from './db/notify';
import { apiKeys } from './db/schema';

// admin: managing API keys (/v1/api-keys); held by dashboard session keys and the bootstrap key.
const SCOPES = API_KEY_SCOPES;
const KEY_PREFIX = 'psk_';

/** 256 random bits, base64url, behind a recognisable prefix. */
function generateSecret(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Each scope includes the ones below it: a key that may add pets may also list them. */
export function scopesFor(scope: Scope): Scope[] {
  return SCOPES.slice(0, SCOPES.indexOf(scope) + 1);
}

const summaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

type ApiKeySummary = Pick<typeof apiKeys.$inferSelect, keyof typeof summaryColumns>;

export async function createApiKey(
  database: Database,
  input: { name: string; scopes: Scope[]; expiresAt?: Date | null; userId?: number | null; secret?: string },
): Promise<{ apiKey: ApiKeySummary; secret: string }> {
  const secret = input.secret ?? generateSecret();
  const [apiKey] = await database
    .insert(apiKeys)
    .values({
      name: input.name,
      prefix: secret.slice(0, KEY_PREFIX.length + 6),
      hash: hashKey(secret),
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? null,
      userId: input.userId ?? null,
    })
    .returning(summaryColumns);
  return { apiKey: apiKey!, secret };
}

/** Makes `secret` a valid key with every scope (PETSTORE_BOOTSTRAP_API_KEY). */
export async function ensureBootstrapKey(database: Database, secret: string): Promise<void> {
  await database
    .insert(apiKeys)
    .values({ name: 'bootstrap', prefix: secret.slice(0, 10), hash: hashKey(secret), scopes: [...SCOPES] })
    .onConflictDoUpdate({
      target: apiKeys.hash,
      set: { scopes: [...SCOPES], revokedAt: null, expiresAt: null },
    });
}

/** The ApiKey of the contract: absent dates are omitted, never null. */
export function toApiKey(summary: ApiKeySummary): ApiKey {
  const apiKey: ApiKey = {
    id: summary.id,
    name: summary.name,
    prefix: summary.prefix,
    scopes: summary.scopes,
    createdAt: summary.createdAt.toISOString(),
  };
  if (summary.expiresAt) apiKey.expiresAt = summary.expiresAt.toISOString();
  if (summary.lastUsedAt) apiKey.lastUsedAt = summary.lastUsedAt.toISOString();
  if (summary.revokedAt) apiKey.revokedAt = summary.revokedAt.toISOString();
  return apiKey;
}

export async function listApiKeys(database: Database, options: { userId?: number } = {}): Promise<ApiKeySummary[]> {
  const rows = await database
    .select(summaryColumns)
    .from(apiKeys)
    .where(options.userId === undefined ? isNull(apiKeys.userId) : eq(apiKeys.userId, options.userId))
    .orderBy(desc(apiKeys.id));
  return rows;
}

/**
 * Revokes a key and returns it; undefined when there is no such key (with
 * `listedOnly`, also for the keys of dashboard sessions, which are not listed).
 * Revoking twice keeps the first time.
 */
export async function revokeApiKey(
  database: Database,
  id: number | bigint,
  at: Date,
  options: { listedOnly?: boolean } = {},
): Promise<ApiKeySummary | undefined> {
  if (id > Number.MAX_SAFE_INTEGER) return undefined;
  const keyId = Number(id);
  const theKey = and(eq(apiKeys.id, keyId), options.listedOnly ? isNull(apiKeys.userId) : undefined);
  // The trigger announces it to every instance's key cache (drizzle/0002); the revoke
  // returns once the announcement is out, so the very next request is refused anywhere.
  const [revoked] = await afterNotification(
    database,
    REVOCATION_CHANNEL,
    String(keyId),
    () => database.update(apiKeys).set({ revokedAt: at }).where(and(theKey, isNull(apiKeys.revokedAt))).returning(summaryColumns),
    (rows) => rows.length > 0,
  );
  forgetCachedKey(keyId);
  if (revoked) return revoked;
  const [alreadyRevoked] = await database.select(summaryColumns).from(apiKeys).where(theKey);
  return alreadyRevoked;
}
