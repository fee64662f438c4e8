// Checking a presented API key, on every /v1 request: by its SHA-256 (no
// prefix compare, so no timing leak about how much of a key was right), through
// the process's key cache (api-key-cache.ts). The scopes are what the key may do
// today (api_key_scopes, drizzle/0018); a change checks them again as it acts.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CachedKey, KeyCache } from './api-key-cache';
import type { ApiKeyScope } from '../contract/api-keys';
import type { Database } from '../db/client';
import { isDatabaseReadOnly } from '../db/errors';
import { preparedStatement } from '../db/prepared';
import { apiKeys, users } from '../db/schema';

export type Scope = ApiKeyScope;

// How often a key's last_used_at is refreshed (a write per request would cost too much).
const LAST_USED_RESOLUTION_MS = 60_000;

/** A valid key, with who holds it: its user (if any) and the label the activity log records (the user's email, else the key's name). */
export type KeyCheck =
  { ok: true; keyId: number; scopes: Scope[]; userId: number | null; label: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

// The key lookup runs on every request that misses the cache.
const findApiKey = (database: Database) =>
  preparedStatement(database, 'find_api_key', () =>
    database
      .select({
        id: apiKeys.id,
        // What the key may do today: within its maker's role, nothing once its user is disabled (drizzle/0018).
        scopes: sql<string[]>`api_key_scopes(${apiKeys.id})`,
        // Expiry by the database's clock, never this instance's: how long the key has left.
        msLeft: sql<number | null>`(extract(epoch from ${apiKeys.expiresAt} - now()) * 1000)::float8`,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        userId: apiKeys.userId,
        label: sql<string>`coalesce(${users.email}, ${apiKeys.name})`,
      })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.userId))
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
    // A key whose owner is disabled, or that its maker's role no longer allows at all, is as good as revoked.
    if (row.revokedAt) return { ok: false, reason: 'revoked' };
    if (row.msLeft !== null && Number(row.msLeft) <= 0) return { ok: false, reason: 'expired' };
    if (row.scopes.length === 0) return { ok: false, reason: 'revoked' };
    const expiresBy = row.msLeft === null ? null : performance.now() + Number(row.msLeft);
    key = { id: row.id, scopes: row.scopes, expiresBy, lastUsedAt: row.lastUsedAt, userId: row.userId, label: row.label };
    cache?.remember(hash, key, epoch, at.getTime());
  }
  if (isExpired(key)) return { ok: false, reason: 'expired' };
  if (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Set first, so concurrent requests with a cached key do not all write.
    key.lastUsedAt = at;
    await touchLastUsed(database, key.id, at);
  }
  return { ok: true, keyId: key.id, scopes: key.scopes as Scope[], userId: key.userId, label: key.label };
}

function isExpired(key: CachedKey): boolean {
  return key.expiresBy !== null && key.expiresBy <= performance.now();
}

/** A read-only database (a replica, a failover) leaves last_used_at as it is: the request it rides on goes on. */
async function touchLastUsed(database: Database, id: number, at: Date): Promise<void> {
  const staleBefore = new Date(at.getTime() - LAST_USED_RESOLUTION_MS);
  try {
    await database
      .update(apiKeys)
      .set({ lastUsedAt: at })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  } catch (error) {
    if (!isDatabaseReadOnly(error)) throw error;
  }
}
