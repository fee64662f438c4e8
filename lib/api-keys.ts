// API keys: issuing, listing, revoking and checking them. A key is shown once;
// only its SHA-256 is stored, and lookup is by that hash (no prefix compare,
// so no timing leak about how much of a key was right).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { forgetCachedKey, REVOCATION_CHANNEL, type CachedKey, type KeyCache } from './api-key-cache';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from './contract/api-keys';
import type { Database } from './db/client';
import { afterNotification } from './db/notify';
import { preparedStatement } from './db/prepared';
import { apiKeys } from './db/schema';

// admin: managing API keys (/v1/api-keys); held by dashboard session keys and the bootstrap key.
export const SCOPES = API_KEY_SCOPES;
export type Scope = ApiKeyScope;

const KEY_PREFIX = 'psk_';
// How often a key's last_used_at is refreshed (a write per request would cost too much).
const LAST_USED_RESOLUTION_MS = 60_000;

export type ApiKeySummary = {
  id: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

export type KeyCheck = { ok: true; keyId: number; scopes: Scope[] } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

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
  return { apiKey: apiKey as ApiKeySummary, secret };
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

/** A key made by hand (CLI, dashboard, bootstrap); the keys of dashboard sessions are not found here. */
export async function getListedApiKey(database: Database, id: bigint): Promise<ApiKeySummary | undefined> {
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database
    .select(summaryColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, Number(id)), isNull(apiKeys.userId)));
  return row as ApiKeySummary | undefined;
}

export async function listApiKeys(database: Database, options: { userId?: number } = {}): Promise<ApiKeySummary[]> {
  const rows = await database
    .select(summaryColumns)
    .from(apiKeys)
    .where(options.userId === undefined ? isNull(apiKeys.userId) : eq(apiKeys.userId, options.userId))
    .orderBy(desc(apiKeys.id));
  return rows as ApiKeySummary[];
}

/** Revokes a key; false when no such key exists. Revoking twice keeps the first time. */
export async function revokeApiKey(database: Database, id: number, at: Date): Promise<boolean> {
  const found = await database.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
  if (found.length === 0) return false;
  // The trigger announces it to every instance's key cache (drizzle/0002); the revoke
  // returns once the announcement is out, so the very next request is refused anywhere.
  await afterNotification(
    database,
    REVOCATION_CHANNEL,
    String(id),
    () =>
      database
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id }),
    (revoked) => revoked.length > 0,
  );
  forgetCachedKey(id);
  return true;
}

// The key lookup runs on every request that misses the cache.
const findApiKey = (database: Database) =>
  preparedStatement(database, 'find_api_key', () =>
    database
      .select({ id: apiKeys.id, scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.hash, sql.placeholder('hash')))
      .prepare('find_api_key'),
  );

/**
 * Checks a presented key. With `cache` (the process's, see api-key-cache.ts), a
 * key validated recently is taken from memory; expiry is checked every time.
 */
export async function checkApiKey(database: Database, secret: string, at: Date, cache?: KeyCache): Promise<KeyCheck> {
  const hash = hashKey(secret);
  let key: CachedKey | undefined = cache?.lookup(hash, at.getTime());
  if (!key) {
    const epoch = cache?.epoch ?? 0;
    const [row] = await findApiKey(database).execute({ hash });
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    key = { id: row.id, scopes: row.scopes, expiresAt: row.expiresAt, lastUsedAt: row.lastUsedAt };
    if (!isExpired(key, at)) cache?.remember(hash, key, epoch, at.getTime());
  }
  if (isExpired(key, at)) return { ok: false, reason: 'expired' };
  if (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Set first, so concurrent requests with a cached key do not all write.
    key.lastUsedAt = at;
    await touchLastUsed(database, key.id, at);
  }
  return { ok: true, keyId: key.id, scopes: key.scopes as Scope[] };
}

function isExpired(key: CachedKey, at: Date): boolean {
  return key.expiresAt !== null && key.expiresAt <= at;
}

async function touchLastUsed(database: Database, id: number, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - LAST_USED_RESOLUTION_MS);
  await database
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
