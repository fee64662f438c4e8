// The change feed as Server-Sent Events (text/event-stream, WHATWG HTML §9.2):
// `retry:` first, `ready` once listening, one `change` event per change,
// `resync` after the server's LISTEN came back, and a comment line every 15 s
// so that proxies and load balancers keep an idle stream open. The stream ends
// when the client goes away or the server shuts down (clients reconnect).
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

export function changeStream(signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let isOpen = true;
      const write = (text: string) => {
        if (!isOpen) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
      const unsubscribe = subscribeToChanges((event) => {
        if (event.type !== 'closing') return write(frame(event));
        stop();
        controller.close();
      });
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
