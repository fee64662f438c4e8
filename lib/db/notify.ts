// Waiting for a notification to be delivered: a change whose trigger NOTIFYs
// (drizzle/0002) is over for the caller only once PostgreSQL has delivered the
// notification, to a listener of this process opened for the purpose.
// PostgreSQL signals every listening session at the same commit, so by then the
// other instances have been told too.
import type { Database } from './client';
import { processState } from '../process-state';

// Past its own notification, a moment for the other listeners' processes to read
// theirs (PostgreSQL wakes each listening backend in turn; 25 ms was seen too short
// on a loaded 2-core machine). Revoking is rare: the wait costs nothing that matters.
export const NOTIFICATION_GRACE_MS = 100;
const TIMEOUT_MS = 1_000;

type Listener = {
  unsafe: unknown;
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<{ unlisten: () => Promise<void> }>;
};

// Databases reached through a transaction pooler: their direct client, which can LISTEN.
// In the process's state (lib/process-state.ts): the bundle that opened the database
// registers it, and a revoke through the other bundle must find it, not fall back to
// the pooled client, on which a LISTEN would go through the pooler.
const notificationClients = processState('notificationClients', () => new WeakMap<Database, Partial<Listener>>());

/** LISTEN for `database`'s notifications on `client` (a direct connection past the pooler). */
export function setNotificationClient(database: Database, client: Partial<Listener>): void {
  notificationClients.set(database, client);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `change` (a transaction, say); resolves once one of the payloads
 * `announced(result)` names has arrived on `channel` (1 s at most), and no sooner
 * than `holdMs` after `change` returned (for listeners that may trust what they
 * know for that long: lib/domain/api-key-cache.ts). PostgreSQL only (postgres.js); PGlite
 * delivers in process, before the query that notifies returns, to the one
 * process there is.
 */
export async function afterNotification<Result>(
  database: Database,
  channel: string,
  change: () => Promise<Result>,
  announced: (result: Result) => string[],
  holdMs = 0,
): Promise<Result> {
  const client = notificationClients.get(database) ?? (database as unknown as { $client?: Partial<Listener> }).$client;
  if (!client || typeof client.listen !== 'function' || typeof client.unsafe !== 'function') return change();
  const heard = new Set<string>();
  let onHeard = () => {};
  const subscription = await client.listen(channel, (value) => {
    heard.add(value);
    onHeard();
  });
  try {
    const result = await change();
    const changedAt = performance.now();
    const expected = announced(result);
    if (expected.length > 0) {
      const delivered = new Promise<void>((resolve) => {
        onHeard = () => expected.some((payload) => heard.has(payload)) && resolve();
        onHeard();
      });
      await Promise.race([delivered.then(() => sleep(NOTIFICATION_GRACE_MS)), sleep(TIMEOUT_MS)]);
      await sleep(changedAt + holdMs - performance.now());
    }
    return result;
  } finally {
    await subscription.unlisten();
  }
}
