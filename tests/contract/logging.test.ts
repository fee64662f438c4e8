// The request log (docs/ARCHITECTURE.md "request ids", lib/log.ts): one line per request
// carrying its request id, and never a key. A server of its own, so the test
// can read that server's output.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ database: inject('database') });
});

afterAll(async () => {
  await server?.stop();
});

/** The JSON log lines the server has written so far. */
function logLines(): Record<string, unknown>[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function eventually(check: () => void) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('the request log', () => {
  it('writes one line per request with its request id, method, path and status', async () => {
    const requestId = `log-test-${Date.now()}`;
    await api('GET', '/v1/pets?limit=1', { baseUrl: server.baseUrl, key: server.apiKey, headers: { 'x-request-id': requestId } });
    await eventually(() => {
      const lines = logLines().filter((line) => line.requestId === requestId);
      expect(lines).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/pets', status: 200, msg: 'request' })]);
    });
  });

  it('logs the generated request id that the response carries', async () => {
    const response = await api('GET', '/v1/nowhere', { baseUrl: server.baseUrl, key: null });
    const requestId = response.headers.get('x-request-id');
    await eventually(() => {
      expect(logLines().filter((line) => line.requestId === requestId)).toEqual([expect.objectContaining({ status: 404 })]);
    });
  });

  it.each([
    ['a valid key', () => server.apiKey],
    ['an unknown key', () => 'psk_unknown_key_that_must_not_be_logged_0001'],
  ])('never contains %s', async (_case, key) => {
    const secret = key();
    const requestId = `secret-test-${Date.now()}`;
    await api('GET', '/v1/pets?limit=1', { baseUrl: server.baseUrl, key: secret, headers: { 'x-request-id': requestId } });
    await eventually(() => expect(logLines().some((line) => line.requestId === requestId)).toBe(true));
    expect(server.logs()).not.toContain(secret);
  });
});
