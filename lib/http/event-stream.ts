// The change feed as Server-Sent Events (text/event-stream, WHATWG HTML §9.2):
// `retry:` first, `ready` once listening, one `change` event per change,
// `resync` when changes may have been missed (the server's LISTEN came back, or
// this client fell behind), and a comment line every 15 s so that proxies and
// load balancers keep an idle stream open. The stream ends when the client goes
// away, its key stops being valid, or the server shuts down (clients reconnect).
//
// The body is pulled: events wait in this stream's own queue until the
// connection takes more. A reader that falls PETSTORE_CHANGE_STREAM_QUEUE
// events behind loses them all and is sent one `resync` instead, so a stalled
// client costs a bounded queue, never memory that grows with the changes.
import { subscribeToChanges, type FeedEvent, type FeedRefusal, type StreamHolder } from '../domain/change-feed';
import { processState } from '../process-state';
import { config } from '../runtime/config';
import { ApiError } from './errors';

export const EVENT_STREAM = 'text/event-stream; charset=utf-8';
const RETRY_MS = 2_000;
const HEARTBEAT_MS = 15_000;
// Events written at most per write: a long queue is written in parts.
const MAX_BATCH = 256;
// Writes for all streams take turns: each turn of the event loop writes for this long at
// most, then yields (a thousand streams woken by one change would otherwise all write in
// one chain of microtasks).
const WRITE_TURN_MS = 5;
// How long a refused stream is asked to wait before trying again.
const REFUSED_RETRY_AFTER_S = 5;

type Item = FeedEvent | string;

type Writer = { write: () => void; done: () => void };
const writers = processState('changeStreamWriters', () => ({ waiting: [] as Writer[], next: 0, isScheduled: false }));

/** Runs `write` in a turn of its own among every stream's writes. */
function inTurn(write: () => void): Promise<void> {
  return new Promise((done) => {
    writers.waiting.push({ write, done });
    if (!writers.isScheduled) {
      writers.isScheduled = true;
      setImmediate(writeTurn);
    }
  });
}

function writeTurn(): void {
  const until = performance.now() + WRITE_TURN_MS;
  while (writers.next < writers.waiting.length && performance.now() < until) {
    const writer = writers.waiting[writers.next++]!;
    writer.write();
    writer.done();
  }
  // What was written is let go of.
  writers.waiting = writers.waiting.slice(writers.next);
  writers.next = 0;
  if (writers.waiting.length === 0) writers.isScheduled = false;
  else setImmediate(writeTurn);
}

// A change's frame is the same text for every stream: made once.
const changeFrames = new WeakMap<FeedEvent, string>();

function frame(item: Item): string {
  if (typeof item === 'string') return item;
  switch (item.type) {
    case 'change': {
      let text = changeFrames.get(item);
      if (text === undefined) changeFrames.set(item, (text = `event: change\ndata: ${JSON.stringify(item.change)}\n\n`));
      return text;
    }
    case 'ready':
    case 'resync':
      return `event: ${item.type}\ndata: {}\n\n`;
    case 'closing':
      return '';
  }
}

// How long a key check is trusted before the next event or heartbeat asks again.
const RECHECK_KEY_MS = 1_000;

function refusal(refused: FeedRefusal): ApiError {
  const headers = { 'retry-after': String(REFUSED_RETRY_AFTER_S) };
  if (refused.limit === 'draining') {
    return new ApiError('service_unavailable', 'This instance is shutting down; reconnect, and another instance will serve the stream.', {
      headers: { 'retry-after': '1' },
    });
  }
  const { limit, max } = refused;
  if (limit === 'key') {
    return new ApiError(
      'rate_limited',
      `This API key already has ${max} change streams open, the most one key may have (PETSTORE_CHANGE_STREAMS_PER_KEY); close one, or retry after ${REFUSED_RETRY_AFTER_S} s.`,
      { headers },
    );
  }
  if (limit === 'user') {
    return new ApiError(
      'rate_limited',
      `Your keys already have ${max} change streams open on this instance, the most one user may have whatever the key (PETSTORE_CHANGE_STREAMS_PER_USER); close one, or retry after ${REFUSED_RETRY_AFTER_S} s.`,
      { headers },
    );
  }
  return new ApiError(
    'service_unavailable',
    `This instance already serves ${max} change streams, the most it takes (PETSTORE_CHANGE_STREAMS_PER_PROCESS); retry after ${REFUSED_RETRY_AFTER_S} s.`,
    { headers },
  );
}

/**
 * The stream for one client of `holder`, or the ApiError (429, 503) of the
 * cap that refuses it. `isKeyValid` is asked again (at most once a second)
 * before each write: a stream ends soon after its key is revoked or expires (a
 * dashboard session's key at sign-out), instead of outliving it.
 */
export function changeStream(signal: AbortSignal, holder: StreamHolder, isKeyValid: () => Promise<boolean>): Response {
  const maxQueued = config().PETSTORE_CHANGE_STREAM_QUEUE;
  const encoder = new TextEncoder();
  // Items from `head` on wait to be written.
  let queue: Item[] = [`retry: ${RETRY_MS}\n\n`];
  let head = 0;
  const waiting = () => queue.length - head;
  let isOpen = true;
  let isBehind = false;
  let isClosing = false;
  let wake = () => {};
  let checkedAt = Date.now();

  const push = (item: Item) => {
    if (!isOpen || isBehind) return;
    if (waiting() < maxQueued) queue.push(item);
    else {
      // Fallen behind: what waits is dropped, and a resync goes first once the reader is back.
      queue = [];
      head = 0;
      isBehind = true;
    }
    wake();
  };
  const subscription = subscribeToChanges(holder, (event) => {
    if (event.type !== 'closing') return push(event);
    isClosing = true;
    wake();
  });
  if ('refused' in subscription) throw refusal(subscription.refused);

  const heartbeat = setInterval(() => waiting() === 0 && push(': heartbeat\n\n'), HEARTBEAT_MS);
  const stop = () => {
    if (!isOpen) return;
    isOpen = false;
    queue = [];
    head = 0;
    clearInterval(heartbeat);
    subscription.unsubscribe();
    wake();
  };
  signal.addEventListener('abort', stop, { once: true });

  const body = new ReadableStream<Uint8Array>({
    // Called whenever the connection has taken what was given: the next batch, once there is one.
    async pull(controller) {
      while (isOpen && !isClosing && !isBehind && waiting() === 0) await new Promise<void>((resolve) => (wake = resolve));
      if (isOpen && !isClosing && Date.now() - checkedAt >= RECHECK_KEY_MS) {
        const isValid = await isKeyValid().catch(() => true);
        checkedAt = Date.now();
        if (!isValid) isClosing = true;
      }
      if (!isOpen || isClosing) {
        stop();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
        return;
      }
      await inTurn(() => {
        if (!isOpen) return;
        let text = isBehind ? frame({ type: 'resync' }) : '';
        isBehind = false;
        const end = Math.min(queue.length, head + MAX_BATCH);
        for (; head < end; head++) text += frame(queue[head]!);
        if (head === queue.length || head >= 4 * MAX_BATCH) {
          // What was written is let go of.
          queue = queue.slice(head);
          head = 0;
        }
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': EVENT_STREAM,
      // nginx would otherwise buffer the stream (docs: proxy_buffering).
      'x-accel-buffering': 'no',
    },
  });
}
