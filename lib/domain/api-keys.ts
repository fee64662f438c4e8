// Managing API keys: issuing, listing and revoking them. A key is shown once;
// only its SHA-256 is stored (checking a presented key: api-key-check.ts).
import { randomBytes } from 'node:crypto';
import { and, arrayContained, count, desc, eq, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { forgetCachedKey, KEY_LEASE_MS, REVOCATION_CHANNEL } from './api-key-cache';
import { hashKey, type Scope } from './api-key-check';
import { API_KEY_SCOPES, scopesFor, type ApiKey, type ApiKeyMaker, type ApiKeyRevokeReason } from '../contract/api-keys';
import type { Database, Executor } from '../db/client';
import { afterNotification } from '../db/notify';
import { activity, apiKeys, users } from '../db/schema';
import { refused, succeeded, type Outcome } from './outcome';
import { recorded } from './activity';

/** Why a key was revoked: an ended dashboard session tells its user (lib/auth/session.ts). */
export type RevokeReason = ApiKeyRevokeReason;

// admin: managing API keys (/v1/api-keys); held by dashboard session keys and the bootstrap key.
const SCOPES = API_KEY_SCOPES;
const KEY_PREFIX = 'psk_';

/** 256 random bits, base64url, behind a recognisable prefix. */
function generateSecret(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

const summaryColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  revokedReason: apiKeys.revokedReason,
  lastUsedAt: apiKeys.lastUsedAt,
  madeBy: apiKeys.madeBy,
  userId: apiKeys.userId,
};

type ApiKeySummary = Pick<typeof apiKeys.$inferSelect, keyof typeof summaryColumns> & { makerEmail?: string | null; revokedBy?: string | null };

/** `lifetimeSeconds`: the key expires that long after it is made, by the database's clock (a session's). */
type NewKey = {
  name: string;
  scopes: Scope[];
  expiresAt?: Date | null;
  lifetimeSeconds?: number;
  userId?: number | null;
  isSession?: boolean;
  madeBy?: ApiKeyMaker;
  secret?: string;
};

export async function createApiKey(database: Database, input: NewKey): Promise<{ apiKey: ApiKeySummary; secret: string }> {
  return recorded(database, (transaction) => insertApiKey(transaction, input));
}

/**
 * A key a user makes for themself: refused (409) when they hold `atMost` live keys made by
 * hand already, counted under a lock of that user's own, so that two at once cannot both
 * pass (an advisory lock: a row lock on the user would deadlock with a disable, which locks
 * the user and then waits for the acting key's changes, drizzle/0018).
 */
export async function createUserApiKey(
  database: Database,
  input: NewKey & { userId: number },
  atMost: number,
): Promise<Outcome<{ apiKey: ApiKeySummary; secret: string }>> {
  return recorded(database, async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`petstore.live-keys:${input.userId}`}, 0))`);
    const [live] = await transaction
      .select({ keys: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), eq(apiKeys.isSession, false), isNull(apiKeys.revokedAt), sql`coalesce(${apiKeys.expiresAt} > now(), true)`));
    if (live!.keys >= atMost) {
      return refused(
        'conflict',
        `You hold ${live!.keys} live API keys, the most one user may (PETSTORE_LIVE_KEYS_PER_USER): revoke one you no longer use first.`,
      );
    }
    return succeeded(await insertApiKey(transaction, input));
  });
}

async function insertApiKey(transaction: Executor, input: NewKey): Promise<{ apiKey: ApiKeySummary; secret: string }> {
  const secret = input.secret ?? generateSecret();
  const [apiKey] = await transaction
    .insert(apiKeys)
    .values({
      name: input.name,
      prefix: secret.slice(0, KEY_PREFIX.length + 6),
      hash: hashKey(secret),
      scopes: input.scopes,
      expiresAt: input.lifetimeSeconds === undefined ? (input.expiresAt ?? null) : sql`now() + make_interval(secs => ${input.lifetimeSeconds})`,
      userId: input.userId ?? null,
      isSession: input.isSession ?? false,
      madeBy: input.madeBy ?? (input.userId ? 'user' : 'cli'),
    })
    .returning(summaryColumns);
  return { apiKey: apiKey!, secret };
}

/** Makes `secret` a valid key with every scope (PETSTORE_BOOTSTRAP_API_KEY). */
export async function ensureBootstrapKey(database: Database, secret: string): Promise<void> {
  await database
    .insert(apiKeys)
    .values({ name: 'bootstrap', prefix: secret.slice(0, 10), hash: hashKey(secret), scopes: [...SCOPES], madeBy: 'config' })
    .onConflictDoUpdate({
      target: apiKeys.hash,
      set: { scopes: [...SCOPES], revokedAt: null, revokedReason: null, expiresAt: null, madeBy: 'config' },
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
  if (summary.revokedReason) apiKey.revokedReason = summary.revokedReason as ApiKeyRevokeReason;
  if (summary.revokedBy) apiKey.revokedBy = summary.revokedBy;
  apiKey.madeBy = { kind: summary.madeBy };
  if (summary.userId !== null) apiKey.madeBy.userId = summary.userId;
  if (summary.makerEmail) apiKey.madeBy.email = summary.makerEmail;
  return apiKey;
}

// Who revoked a key: the actor of its activity entry that set revoked_at (the
// log's index on resource and id finds it); null while it is live, or once pruned.
const revokedByColumn = sql<string | null>`CASE WHEN ${apiKeys.revokedAt} IS NOT NULL THEN (
  SELECT ${activity.actorLabel} FROM ${activity}
  WHERE ${activity.resource} = 'api_key' AND ${activity.resourceId} = ${apiKeys.id}::text AND ${activity.after} ->> 'revoked_at' IS NOT NULL
  ORDER BY ${activity.id} DESC LIMIT 1) END`;

/** The keys made by hand (never the keys of dashboard sessions), newest first: every one, or those of `userId`. */
export async function listApiKeys(database: Database, options: { userId?: number } = {}): Promise<ApiKeySummary[]> {
  return database
    .select({ ...summaryColumns, makerEmail: users.email, revokedBy: revokedByColumn })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.isSession, false), options.userId === undefined ? undefined : eq(apiKeys.userId, options.userId)))
    .orderBy(desc(apiKeys.id));
}

/**
 * Revokes a listed key through the API: with `ownerId`, only a key of that user (another's
 * is not found). The bootstrap key is configuration: refused, it would come back at the next start.
 */
export async function revokeListedKey(database: Database, id: number, at: Date, options: { ownerId?: number } = {}): Promise<Outcome<ApiKeySummary>> {
  const [key] = await database
    .select({ madeBy: apiKeys.madeBy, userId: apiKeys.userId })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.isSession, false)));
  if (!key || (options.ownerId !== undefined && key.userId !== options.ownerId)) return refused('not_found', `No API key has id ${id}.`);
  if (key.madeBy === 'config') {
    return refused(
      'conflict',
      'The bootstrap key is configuration (PETSTORE_BOOTSTRAP_API_KEY), not data: it cannot be revoked through the API. Unset or change the variable and restart every instance.',
    );
  }
  return succeeded((await revokeApiKey(database, id, at))!);
}

/**
 * Revokes a user's keys (their sessions; with `madeKeys`, the keys they made too, all or
 * only those whose scopes go beyond `beyond`), except `exceptKeyId`; returns their ids.
 * Inside the caller's transaction: wrap it in afterNotification (db/notify.ts) to
 * return only once every instance has been told, then forgetCachedKeys.
 */
export async function revokeKeysOfUser(
  executor: Executor,
  userId: number,
  change: { reason: RevokeReason; at: Date; madeKeys: 'none' | 'all' | { beyond: Scope }; exceptKeyId?: number },
): Promise<number[]> {
  const which: SQL[] = [eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)];
  if (change.exceptKeyId !== undefined) which.push(ne(apiKeys.id, change.exceptKeyId));
  if (change.madeKeys === 'none') which.push(eq(apiKeys.isSession, true));
  const madeKeys = change.madeKeys;
  if (typeof madeKeys === 'object') {
    const allowed = scopesFor(madeKeys.beyond);
    which.push(or(eq(apiKeys.isSession, true), not(arrayContained(apiKeys.scopes, allowed)))!);
  }
  const revoked = await executor
    .update(apiKeys)
    .set({ revokedAt: change.at, revokedReason: change.reason })
    .where(and(...which))
    .returning({ id: apiKeys.id });
  return revoked.map((row) => row.id);
}

/** Evicts keys from this process's cache at once (other instances hear the trigger's notification). */
export function forgetCachedKeys(ids: number[]): void {
  for (const id of ids) forgetCachedKey(id);
}

/** Why a key stopped: its revocation reason, or undefined when it is live, unknown or merely expired. */
export async function revocationReason(database: Database, secret: string): Promise<RevokeReason | undefined> {
  const [row] = await database
    .select({ revokedAt: apiKeys.revokedAt, reason: apiKeys.revokedReason })
    .from(apiKeys)
    .where(eq(apiKeys.hash, hashKey(secret)));
  if (!row?.revokedAt) return undefined;
  return (row.reason ?? 'revoked') as RevokeReason;
}

/** Revokes a key and returns it; undefined when there is no such key. Revoking twice keeps the first time (and reason). */
export async function revokeApiKey(database: Database, id: number | bigint, at: Date, reason: RevokeReason = 'revoked'): Promise<ApiKeySummary | undefined> {
  if (id > Number.MAX_SAFE_INTEGER) return undefined;
  const keyId = Number(id);
  const theKey = eq(apiKeys.id, keyId);
  // The trigger announces it to every instance's key cache (drizzle/0002); the revoke
  // returns once the announcement is out and every cache's lease on what it knew before
  // has run out (lib/domain/api-key-cache.ts), so the very next request is refused anywhere,
  // even by an instance whose listener stalled.
  const [revoked] = await afterNotification(
    database,
    REVOCATION_CHANNEL,
    () =>
      recorded(database, (transaction) =>
        transaction
          .update(apiKeys)
          .set({ revokedAt: at, revokedReason: reason })
          .where(and(theKey, isNull(apiKeys.revokedAt)))
          .returning(summaryColumns),
      ),
    (rows) => (rows.length > 0 ? [String(keyId)] : []),
    KEY_LEASE_MS,
  );
  forgetCachedKey(keyId);
  if (revoked) return revoked;
  const [alreadyRevoked] = await database.select(summaryColumns).from(apiKeys).where(theKey);
  return alreadyRevoked;
}
