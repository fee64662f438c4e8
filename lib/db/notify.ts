// Waiting for a notification to be delivered: a change whose trigger NOTIFYs
// (drizzle/0002) is over for the caller only once PostgreSQL has delivered the
// notification, to a listener of this process opened for the purpose.
// PostgreSQL signals every listening session at the same commit, so by then the
// other instances have been told too.
import type { Database } from './client';

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
const notificationClients = new WeakMap<Database, Partial<Listener>>();

/** LISTEN for `database`'s notifications on `client` (a direct connection past the pooler). */
export function setNotificationClient(database: Database, client: Partial<Listener>): void {
  notificationClients.set(database, client);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `change`; when `isAnnounced(result)`, resolves only after `payload` arrived
 * on `channel` (1 s at most). PostgreSQL only (postgres.js); PGlite delivers in
 * process, before the query that notifies returns.
 */
export async function afterNotification<Result>(
  database: Database,
  channel: string,
  payload: string,
  change: () => Promise<Result>,
  isAnnounced: (result: Result) => boolean,
): Promise<Result> {
  const client = notificationClients.get(database) ?? (database as unknown as { $client?: Partial<Listener> }).$client;
  if (!client || typeof client.listen !== 'function' || typeof client.unsafe !== 'function') return change();
  let heard = () => {};
  const delivered = new Promise<void>((resolve) => (heard = resolve));
  const subscription = await client.listen(channel, (value) => {
    if (value === payload) heard();
  });
  try {
    const result = await change();
    if (isAnnounced(result)) await Promise.race([delivered.then(() => sleep(NOTIFICATION_GRACE_MS)), sleep(TIMEOUT_MS)]);
    return result;
  } finally {
    await subscription.unlisten();
  }
}
