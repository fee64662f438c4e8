// Import files are taken in a few at once (lib/http/import-slots.ts): two read, two waiting
// unread; one more is answered 503 at once with Retry-After, so a burst of 50 MB uploads
// costs a bounded amount of memory. The held uploads are cut off at the end: nothing of them
// is stored. A server of its own: on the suites' shared one, the full slots would refuse
// another file's import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

const HELD = 4;
const held: AbortController[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ database: 'postgres' });
});

/** A dry-run import of `body`, given up on at `signal`; undefined when it is. */
const postDryRun = (body: BodyInit, signal: AbortSignal): Promise<Response | undefined> =>
  fetch(new URL('/v1/pets/imports?dryRun=true', server.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'text/csv' },
    body,
    duplex: 'half',
    signal,
  } as RequestInit).catch(() => undefined);

/** An upload whose body never ends: its header line is sent, the rest is held back. */
function holdUpload(): void {
  const controller = new AbortController();
  held.push(controller);
  const body = new ReadableStream<Uint8Array>({
    start: (stream) => stream.enqueue(new TextEncoder().encode('name,categoryId\n')),
  });
  void postDryRun(body, controller.signal);
}

afterAll(async () => {
  for (const controller of held) controller.abort();
  await server?.stop();
});

describe('POST /v1/pets/imports under a burst of uploads', () => {
  it('answers 503 with Retry-After once two are read and two wait', async () => {
    for (let index = 0; index < HELD; index++) holdUpload();
    // The held ones reach their slots as the server takes them in: ask until it is full. A
    // question that arrives while a place still waits free takes it (and is given up on here).
    let refused: Response | undefined;
    for (const deadline = Date.now() + 10_000; !refused && Date.now() < deadline;) {
      const answer = await postDryRun('name,categoryId\nRex,1\n', AbortSignal.timeout(500));
      if (answer?.status === 503) refused = answer;
      else await answer?.body?.cancel();
    }
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(((await refused!.json()) as { message: string }).message).toBe('This server is taking in other import files; retry in a moment.');
  });
});
