// A short-lived in-process cache of validated API keys (SHA-256 → key), so that
// a request's bearer check needs no database round trip. It stays correct
// across instances: a trigger on api_keys (drizzle/0002) sends
// pg_notify('api_key_revoked', id) in the transaction that revokes, rescopes,
// re-expires or deletes a key; every instance LISTENs on a connection of its
// own and evicts. While that connection is down the cache is emptied and off
// (every request asks the database) until LISTEN is re-established. Expiry is
// still checked on every request against the cached expiry.
//
// A listener can also stall without losing its connection (its backend frozen,
// its socket jammed): notifications then wait unseen. So the cache is trusted
// on a lease that the listener renews: every LEASE_PING_MS the process sends a
// notification of its own (through the pool) and, once its listener hears it
// back, knows every notification committed before the ping was delivered
// (PostgreSQL delivers them in commit order). Past KEY_LEASE_MS from the last
// ping heard, lookups miss and every key is checked against the database. A
// revoke therefore waits KEY_LEASE_MS past its commit (lib/domain/api-keys.ts): by then
// every instance has heard it or stopped trusting its cache (docs/RELIABILITY.md,
// "Revocation bound").
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { config } from '../runtime/config';
import { databaseKind, db, listenToChannel } from '../db/client';
import { failureReason, logFailure } from '../failure-log';
import { log } from '../runtime/log';
import { recordKeyCacheLookup } from '../metrics';
import { processState } from '../process-state';

export const REVOCATION_CHANNEL = 'api_key_revoked';
const LEASE_CHANNEL = 'api_key_cache_lease';
/** How long after its last ping heard back a process still trusts its cache; a revoke waits this long past its commit. */
export const KEY_LEASE_MS = 1_000;
const LEASE_PING_MS = 250;
// Bounds how long an entry is trusted even if a notification were lost unseen.
const ENTRY_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

// A key's user and label never change while it lives (emails and key names are fixed), so they are cached with it.
/** `expiresBy`: when the key expires by the database's clock, on this process's monotonic clock (performance.now()). */
export type CachedKey = { id: number; scopes: string[]; expiresBy: number | null; lastUsedAt: Date | null; userId: number | null; label: string };

type Entry = { key: CachedKey; storedAt: number };

export class KeyCache {
  private entries = new Map<string, Entry>();
  private isListening = false;
  /** Until when (performance.now()) the listener is known to be current; Infinity when it cannot fall behind (PGlite). */
  private leaseUntil = 0;
  /** Bumped by every eviction and every change of the listener's state. */
  private generation = 0;

  get epoch(): number {
    return this.generation;
  }

  get isEnabled(): boolean {
    return this.isListening;
  }

  lookup(hash: string, atMs: number): CachedKey | undefined {
    const key = this.find(hash, atMs);
    recordKeyCacheLookup(key !== undefined);
    return key;
  }

  private find(hash: string, atMs: number): CachedKey | undefined {
    if (!this.isListening || performance.now() > this.leaseUntil) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (atMs - entry.storedAt > ENTRY_TTL_MS || atMs < entry.storedAt) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.key;
  }

  /**
   * Keeps a key read from the database at `epoch`. If anything was evicted or
   * the listener changed state since, the read may predate a revocation: skip.
   */
  remember(hash: string, key: CachedKey, epoch: number, atMs: number): void {
    if (!this.isListening || epoch !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { key, storedAt: atMs });
  }

  forget(id: number): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.key.id === id) this.entries.delete(hash);
  }

  /** The listener heard a ping sent at `sentAt` (performance.now()): it is current up to then. */
  renewLease(sentAt: number): void {
    this.leaseUntil = Math.max(this.leaseUntil, sentAt + KEY_LEASE_MS);
  }

  /** For a listener that cannot fall behind (the embedded database delivers in process). */
  holdLeaseForever(): void {
    this.leaseUntil = Infinity;
  }

  setListening(isListening: boolean): void {
    this.generation++;
    this.isListening = isListening;
    this.entries.clear();
  }
}

const shared = processState('keyCache', (): { cache?: KeyCache; isFeedStarted?: boolean } => ({}));

/** This process's cache (undefined when switched off); the first call starts listening for revocations. */
export function processKeyCache(): KeyCache | undefined {
  if (config().PETSTORE_API_KEY_CACHE === 'off') return undefined;
  const cache = (shared.cache ??= new KeyCache());
  if (!shared.isFeedStarted) {
    shared.isFeedStarted = true;
    listenToChannel(REVOCATION_CHANNEL, {
      onMessage: (payload) => cache.forget(Number(payload)),
      onState: (isListening) => {
        // Told again at every failed reconnect during an outage: log the changes only.
        if (isListening !== cache.isEnabled) log.info({ isListening }, isListening ? 'API key cache on' : 'API key cache off until LISTEN is back');
        cache.setListening(isListening);
      },
    })
      .then(() => renewLeases(cache))
      .catch((error) => {
        shared.isFeedStarted = false;
        logFailure('API key cache off: cannot listen for revocations', failureReason(error));
      });
  }
  return cache;
}

/** Pings this process's own listener every LEASE_PING_MS; each ping heard back renews the cache's lease. */
async function renewLeases(cache: KeyCache): Promise<void> {
  if ((await databaseKind()) === 'pglite') return cache.holdLeaseForever();
  const instance = randomUUID();
  const sent = new Map<number, number>();
  let next = 0;
  await listenToChannel(LEASE_CHANNEL, {
    onMessage: (payload) => {
      const [from, sequence] = payload.split(' ');
      const sentAt = sent.get(Number(sequence));
      if (from !== instance || sentAt === undefined) return;
      cache.renewLease(sentAt);
      for (const earlier of sent.keys()) if (earlier <= Number(sequence)) sent.delete(earlier);
    },
    onState: () => {},
  });
  const ping = async () => {
    // One at a time: a ping still on its way (a busy pool, a database away) is not doubled.
    if (sent.size > 0 && performance.now() - Math.min(...sent.values()) < KEY_LEASE_MS) return;
    sent.clear();
    const sequence = next++;
    sent.set(sequence, performance.now());
    try {
      await (await db()).execute(sql`select pg_notify(${LEASE_CHANNEL}, ${`${instance} ${sequence}`})`);
    } catch {
      sent.delete(sequence);
    }
  };
  setInterval(() => void ping(), LEASE_PING_MS).unref();
  void ping();
}

/** Evicts a key in this process at once (the others hear of it through the notification). */
export function forgetCachedKey(id: number): void {
  shared.cache?.forget(id);
}
