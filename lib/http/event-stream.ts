// The change feed as Server-Sent Events (text/event-stream, WHATWG HTML §9.2):
// `retry:` first, `ready` once listening, one `change` event per change,
// `resync` after the server's LISTEN came back, and a comment line every 15 s
// so that proxies and load balancers keep an idle stream open. The stream ends
// when the client goes away, its key stops being valid, or the server shuts
// down (clients reconnect).
import { subscribeToChanges, type FeedEvent } from '../change-feed';

export const EVENT_STREAM = 'text/event-stream; charset=utf-8';
const RETRY_MS = 2_000;
const HEARTBEAT_MS = 15_000;

function frame(event: FeedEvent): string {
  switch (event.type) {
    case 'change':
      return `event: change\ndata: ${JSON.stringify(event.change)}\n\n`;
    case 'ready':
    case 'resync':
      return `event: ${event.type}\ndata: {}\n\n`;
    case 'closing':
      return '';
  }
}

// How long a key check is trusted before the next event or heartbeat asks again.
const RECHECK_KEY_MS = 1_000;

/**
 * The stream for one client. `isKeyValid` is asked again (at most once a
 * second) before each event and heartbeat: a stream ends soon after its key is
 * revoked or expires (a dashboard session's key at sign-out), instead of
 * outliving it.
 */
export function changeStream(signal: AbortSignal, isKeyValid: () => Promise<boolean>): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let isOpen = true;
      let checkedAt = Date.now();
      // Writes go through one chain, so events keep their order across the key checks.
      let pending = Promise.resolve();
      const end = () => {
        if (!isOpen) return;
        stop();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const write = (text: string) => {
        pending = pending.then(async () => {
          if (!isOpen) return;
          if (Date.now() - checkedAt >= RECHECK_KEY_MS) {
            const isValid = await isKeyValid().catch(() => true);
            checkedAt = Date.now();
            if (!isValid) return end();
          }
          if (!isOpen) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        });
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      const unsubscribe = subscribeToChanges((event) => (event.type === 'closing' ? end() : write(frame(event))));
      stop = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
      };
      signal.addEventListener('abort', stop, { once: true });
      write(`retry: ${RETRY_MS}\n\n`);
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
