// The front door for GET /v1/changes, which never ends and so cannot go through
// api(): opens the stream, checks its answer against the served OpenAPI
// document (the operation documents 200 as text/event-stream; every `change`
// event's data must match the Change schema) and collects its events.
import { createParser } from 'eventsource-parser';
import { expect, inject } from 'vitest';
import { componentSchema, openApiDocument } from './openapi';

export type StreamEvent = { event?: string; data: string };

export type ChangeStream = {
  headers: Headers;
  retry: number | undefined;
  events: StreamEvent[];
  comments: string[];
  /** Waits (at most `timeoutMs`) for an event that satisfies `test`, among those received so far or later. */
  waitFor: (test: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openChangeStream(options: { key?: string; baseUrl?: string } = {}): Promise<ChangeStream> {
  const operation = (await openApiDocument()).paths['/changes']?.get as { responses?: Record<string, { content?: object }> } | undefined;
  expect(Object.keys(operation?.responses?.['200']?.content ?? {}), 'GET /changes documents 200 as text/event-stream').toEqual(['text/event-stream']);
  const validateChange = await componentSchema('Change');
  const abort = new AbortController();
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}/v1/changes`, {
    headers: { authorization: `Bearer ${options.key ?? inject('apiKey')}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream\b/);
  expect(response.headers.get('x-request-id')).toBeTruthy();

  const stream: ChangeStream = {
    headers: response.headers,
    retry: undefined,
    events: [],
    comments: [],
    waitFor: undefined!,
    ended: undefined!,
    close: () => abort.abort(),
  };
  const waiters = new Set<() => void>();
  const parser = createParser({
    onRetry: (ms) => (stream.retry = ms),
    onComment: (comment) => stream.comments.push(comment),
    onEvent: (message) => {
      if (message.event === 'change') {
        const change = JSON.parse(message.data);
        expect(validateChange(change), `change event does not match Change: ${message.data}`).toBe(true);
      }
      stream.events.push({ event: message.event, data: message.data });
      for (const wake of waiters) wake();
    },
  });
  stream.ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
  })();
  stream.waitFor = (test, timeoutMs = 1_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = stream.events.find(test);
        if (!found) return false;
        cleanUp();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`no such event within ${timeoutMs} ms; got: ${JSON.stringify(stream.events)}`));
      }, timeoutMs);
      const wake = () => void check();
      const cleanUp = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      check();
    });
  return stream;
}

/** A test for a `change` event about this record. */
export function changeOf(resource: string, kind: string, id?: number) {
  return (event: StreamEvent) => {
    if (event.event !== 'change') return false;
    const change = JSON.parse(event.data);
    return change.resource === resource && change.kind === kind && (id === undefined || change.id === id);
  };
}
