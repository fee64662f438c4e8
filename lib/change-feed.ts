// The change feed's process-wide hub: one LISTEN on petstore_changes (the
// triggers of drizzle/0008 notify it from every instance, the CLI and SQL by
// hand) fanned out to every open stream of this process. Payloads are checked
// against the Change schema and re-serialised, so only a resource, a kind and
// an id ever leave. No HTTP here (lib/http/event-stream.ts writes the stream).
import { Change } from './contract/changes';
import { listenToChannel } from './db/client';
import { log } from './runtime/log';
import { whenDraining } from './runtime/shutdown';

const CHANGES_CHANNEL = 'petstore_changes';

/** What a subscriber hears: listening (again), a change, or "changes may have been missed". */
export type FeedEvent = { type: 'ready' } | { type: 'resync' } | { type: 'change'; change: Change } | { type: 'closing' };

type Subscriber = { send: (event: FeedEvent) => void; isReady: boolean };

type Hub = { subscribers: Set<Subscriber>; isListening: boolean; isStarted: boolean };

// On globalThis: one LISTEN per process, whichever module graph loads this file (DESIGN.md).
const globalForFeed = globalThis as typeof globalThis & { petstoreChangeFeed?: Hub };

function hub(): Hub {
  const feed = (globalForFeed.petstoreChangeFeed ??= { subscribers: new Set(), isListening: false, isStarted: false });
  if (!feed.isStarted) start(feed);
  return feed;
}

function start(feed: Hub): void {
  feed.isStarted = true;
  whenDraining(() => broadcast(feed, { type: 'closing' }));
  listenToChannel(CHANGES_CHANNEL, {
    onMessage: (payload) => {
      const change = parseChange(payload);
      if (change) broadcast(feed, { type: 'change', change });
    },
    onState: (isListening) => {
      if (isListening === feed.isListening) return;
      feed.isListening = isListening;
      if (!isListening) return log.warn('change feed: LISTEN lost; streams will be told to resync once it is back');
      // A stream that was ready may have missed changes meanwhile; one opened meanwhile is ready now.
      for (const subscriber of feed.subscribers) {
        subscriber.send({ type: subscriber.isReady ? 'resync' : 'ready' });
        subscriber.isReady = true;
      }
    },
  }).catch((error: unknown) => {
    feed.isStarted = false;
    log.warn({ err: error }, 'change feed: cannot listen');
  });
}

function parseChange(payload: string): Change | undefined {
  try {
    const result = Change.safeParse(JSON.parse(payload));
    if (result.success) return result.data;
  } catch {
    // not JSON: dropped below
  }
  log.warn({ payload: payload.slice(0, 200) }, 'change feed: ignored a malformed notification');
  return undefined;
}

function broadcast(feed: Hub, event: FeedEvent): void {
  for (const subscriber of feed.subscribers) subscriber.send(event);
}

/** Subscribes to this process's feed: `ready` at once if it listens already (else when it does). Returns the unsubscribe. */
export function subscribeToChanges(send: (event: FeedEvent) => void): () => void {
  const feed = hub();
  const subscriber: Subscriber = { send, isReady: feed.isListening };
  feed.subscribers.add(subscriber);
  if (subscriber.isReady) send({ type: 'ready' });
  return () => feed.subscribers.delete(subscriber);
}
