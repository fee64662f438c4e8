// The browser's (and the tests') end of GET /v1/changes: reads the Server-Sent
// Events stream with fetch and a stream reader (EventSource cannot send
// Authorization), and reconnects by itself after the server's `retry:` delay.
// Changes made while no stream was open are not replayed: every `ready` after
// the first, and every `resync`, is reported as onResync (refetch what you show).
import { createParser } from 'eventsource-parser';
import type { Change } from '../contract/changes';

export type ChangeFeedHandlers = {
  onChange: (change: Change) => void;
  /** Changes may have been missed (a reconnect, or the server lost its LISTEN): refetch. */
  onResync?: () => void;
  /** true once the stream listens; false when it dropped (reconnecting follows, reported once until it is back). */
  onConnection?: (isConnected: boolean) => void;
  /** The key was refused (401: the session ended): following stops. */
  onUnauthorized?: () => void;
};

export type ChangeFeedOptions = {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  signal: AbortSignal;
};

const DEFAULT_RETRY_MS = 2_000;
// A stream that says nothing (not even a heartbeat) for this long is taken as dead.
const SILENCE_LIMIT_MS = 45_000;

/** Follows the feed until `signal` aborts; resolves then. */
export async function followChanges(options: ChangeFeedOptions, handlers: ChangeFeedHandlers): Promise<void> {
  let retryMs = DEFAULT_RETRY_MS;
  let hasBeenReady = false;
  let isConnected = false;
  while (!options.signal.aborted) {
    let wasListening = false;
    try {
      await readOneStream(options, (event) => {
        if (event.type === 'retry') retryMs = event.ms;
        else if (event.type === 'ready') {
          isConnected = wasListening = true;
          handlers.onConnection?.(true);
          if (hasBeenReady) handlers.onResync?.();
          hasBeenReady = true;
        } else if (event.type === 'resync') handlers.onResync?.();
        else handlers.onChange(event.change);
      });
    } catch (error) {
      if (error instanceof Unauthorized) return handlers.onUnauthorized?.();
      // Else the stream failed (server gone, 5xx, network): reconnect after the delay.
    }
    if (options.signal.aborted) return;
    if (isConnected) handlers.onConnection?.(false);
    isConnected = false;
    // A stream that listened and was ended by the server (its key revoked, the instance
    // draining) is opened again at once: the answer says which. A failed one waits.
    if (!wasListening) await sleep(retryMs, options.signal);
  }
}

class Unauthorized extends Error {}

type FeedEvent = { type: 'retry'; ms: number } | { type: 'ready' } | { type: 'resync' } | { type: 'change'; change: Change };

async function readOneStream(options: ChangeFeedOptions, onEvent: (event: FeedEvent) => void): Promise<void> {
  const abort = new AbortController();
  const stop = () => abort.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(stop, SILENCE_LIMIT_MS);
  };
  try {
    heard();
    const response = await options.fetch(`${options.baseUrl}/v1/changes`, {
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (response.status === 401) throw new Unauthorized();
    if (!response.ok || !response.body) throw new Error(`GET /v1/changes answered ${response.status}`);
    const parser = createParser({
      onRetry: (ms) => onEvent({ type: 'retry', ms }),
      onComment: heard,
      onEvent: (message) => {
        heard();
        if (message.event === 'ready' || message.event === 'resync') onEvent({ type: message.event });
        else if (message.event === 'change') onEvent({ type: 'change', change: JSON.parse(message.data) as Change });
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    clearTimeout(silence);
    options.signal.removeEventListener('abort', stop);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
