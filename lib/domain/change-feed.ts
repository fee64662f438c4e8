// The change feed's process-wide hub: one LISTEN on petstore_changes (the
// triggers of drizzle/0008 notify it from every instance, the CLI and SQL by
// hand) fanned out to every open stream of this process. Payloads are checked
// against the Change schema and re-serialised, so only a resource, a kind and
// an id ever leave. No HTTP here (lib/http/event-stream.ts writes the stream).
//
// Bounded on every side (docs/RELIABILITY.md, "The change feed under load"):
// at most PETSTORE_CHANGE_STREAMS_PER_KEY streams per API key, as many per
// user whatever their keys (so minting keys buys no more, and one user cannot
// take a process's streams from the others) and PETSTORE_CHANGE_STREAMS_PER_PROCESS in all; notifications are queued as
// they arrive and fanned out in slices of 5 ms, so that a burst
// never holds the event loop (nor starves the LISTEN connection's heartbeat).
import { Change } from '../contract/changes';
import { listenToChannel } from '../db/client';
import { REVOCATION_CHANNEL } from './api-key-cache';
import { processState } from '../process-state';
import { config } from '../runtime/config';
import { log } from '../runtime/log';
import { isDraining, whenDraining } from '../runtime/shutdown';

const CHANGES_CHANNEL = 'petstore_changes';
// One slice of fan-out works this long at most before yielding to I/O and timers.
const SLICE_MS = 5;
// Notifications waiting for fan-out beyond this are dropped, and every stream told to resync.
const MAX_BACKLOG = 100_000;

/** What a subscriber hears: listening (again), a change, or "changes may have been missed". */
export type FeedEvent = { type: 'ready' } | { type: 'resync' } | { type: 'change'; change: Change } | { type: 'closing' };

type Subscriber = { keyId: number; send: (event: FeedEvent) => void; isReady: boolean };

/** Whose stream it is: the key, and the user holding it (null for a key of no user). */
export type StreamHolder = { keyId: number; userId: number | null };

type Hub = {
  subscribers: Set<Subscriber>;
  /** Open streams by "key:ID" and by "user:ID". */
  streamsByHolder: Map<string, number>;
  isListening: boolean;
  isStarted: boolean;
  /** Payloads heard and not yet fanned out, from `next` on. */
  backlog: string[];
  next: number;
  isFanOutScheduled: boolean;
};

// One hub per process, whichever bundle loads this file (lib/process-state.ts).
const shared = processState('changeFeed', (): { hub?: Hub } => ({}));

function hub(): Hub {
  const feed = (shared.hub ??= {
    subscribers: new Set(),
    streamsByHolder: new Map(),
    isListening: false,
    isStarted: false,
    backlog: [],
    next: 0,
    isFanOutScheduled: false,
  });
  if (!feed.isStarted) start(feed);
  return feed;
}

function start(feed: Hub): void {
  feed.isStarted = true;
  whenDraining(() => broadcast(feed, { type: 'closing' }));
  listenToChannel(CHANGES_CHANNEL, {
    onMessage: (payload) => hear(feed, payload),
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
  // A revoked key's streams end at once (a session that ended: its tab reconnects, is
  // refused, and goes to the sign-in page), not at their next write's check of the key.
  void listenToChannel(REVOCATION_CHANNEL, {
    onMessage: (payload) => {
      for (const subscriber of feed.subscribers) if (subscriber.keyId === Number(payload)) subscriber.send({ type: 'closing' });
    },
    onState: () => {},
  }).catch(() => {});
}

// Called by the driver for each notification, possibly thousands in one read: queue only.
function hear(feed: Hub, payload: string): void {
  if (feed.backlog.length - feed.next >= MAX_BACKLOG) {
    log.warn({ dropped: feed.backlog.length - feed.next }, 'change feed: fan-out backlog full; streams told to resync');
    feed.backlog = [];
    feed.next = 0;
    broadcast(feed, { type: 'resync' });
  }
  feed.backlog.push(payload);
  if (!feed.isFanOutScheduled) {
    feed.isFanOutScheduled = true;
    setImmediate(() => fanOut(feed));
  }
}

function fanOut(feed: Hub): void {
  const until = performance.now() + SLICE_MS;
  while (feed.next < feed.backlog.length && performance.now() < until) {
    const change = parseChange(feed.backlog[feed.next++]!);
    if (change) broadcast(feed, { type: 'change', change });
  }
  if (feed.next < feed.backlog.length) return void setImmediate(() => fanOut(feed));
  feed.backlog = [];
  feed.next = 0;
  feed.isFanOutScheduled = false;
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

/**
 * A stream refused: its key, or its user, holds as many as one may, or the process serves
 * as many as it takes, or is shutting down (a stream taken then would hold the drain).
 */
export type FeedRefusal = { limit: 'key' | 'user' | 'process'; max: number } | { limit: 'draining' };

/**
 * Subscribes a stream of `holder` to this process's feed: `ready` at once if
 * it listens already (else when it does). The unsubscribe, or the cap that
 * refused it. `send` must be cheap: it is called for every change, in the fan-out.
 */
export function subscribeToChanges(holder: StreamHolder, send: (event: FeedEvent) => void): { unsubscribe: () => void } | { refused: FeedRefusal } {
  const feed = hub();
  if (isDraining()) return { refused: { limit: 'draining' } };
  const { PETSTORE_CHANGE_STREAMS_PER_KEY: perKey, PETSTORE_CHANGE_STREAMS_PER_USER: perUser, PETSTORE_CHANGE_STREAMS_PER_PROCESS: perProcess } = config();
  const counted: { name: string; limit: FeedRefusal['limit']; max: number }[] = [{ name: `key:${holder.keyId}`, limit: 'key', max: perKey }];
  if (holder.userId !== null) counted.push({ name: `user:${holder.userId}`, limit: 'user', max: perUser });
  for (const { name, limit, max } of counted) if ((feed.streamsByHolder.get(name) ?? 0) >= max) return { refused: { limit, max } };
  if (feed.subscribers.size >= perProcess) return { refused: { limit: 'process', max: perProcess } };
  const subscriber: Subscriber = { keyId: holder.keyId, send, isReady: feed.isListening };
  feed.subscribers.add(subscriber);
  for (const { name } of counted) feed.streamsByHolder.set(name, (feed.streamsByHolder.get(name) ?? 0) + 1);
  if (subscriber.isReady) send({ type: 'ready' });
  const unsubscribe = () => {
    if (!feed.subscribers.delete(subscriber)) return;
    for (const { name } of counted) {
      const left = (feed.streamsByHolder.get(name) ?? 1) - 1;
      if (left === 0) feed.streamsByHolder.delete(name);
      else feed.streamsByHolder.set(name, left);
    }
  };
  return { unsubscribe };
}
