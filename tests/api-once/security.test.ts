// Security basics: headers on pages and on /v1, no cookies on /v1, request ids,
// and no secret (API key, password) in the server's log.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
const wrongKey = `psk_wrong_${randomBytes(24).toString('base64url')}`;
const oddSecret = `s3cr3t-${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  server = await startServer({ database: inject('database') });
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

describe('security headers', () => {
  it('sends a Content-Security-Policy and the other security headers on pages', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each(['/v1/pets', '/v1/nowhere', '/v1/openapi.json'])('sends nosniff on %s', async (path) => {
    const response = await get(path, { authorization: `Bearer ${server.apiKey}` });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('cookies and /v1', () => {
  it('ignores a cookie: no bearer token means 401 however many cookies come along', async () => {
    const response = await get('/v1/pets', {
      cookie: `next-auth.session-token=${randomBytes(32).toString('hex')}; __Secure-next-auth.session-token=x; apiKey=${server.apiKey}`,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it.each([
    ['a success', true],
    ['an error', false],
  ])('sets no cookie on %s', async (_, isValidKey) => {
    const response = await get('/v1/pets', { authorization: `Bearer ${isValidKey ? server.apiKey : wrongKey}` });
    expect(response.status).toBe(isValidKey ? 200 : 401);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id and logs it', async () => {
    const requestId = `test-${randomBytes(6).toString('hex')}`;
    const response = await get('/v1/pets', { authorization: `Bearer ${server.apiKey}`, 'x-request-id': requestId });
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = server
      .logs()
      .split('\n')
      .find((entry) => entry.includes(requestId));
    expect(line && JSON.parse(line)).toMatchObject({ requestId, method: 'GET', path: '/v1/pets', status: 200 });
  });

  it('replaces an insane one with a fresh id', async () => {
    const response = await get('/v1/pets', { authorization: `Bearer ${server.apiKey}`, 'x-request-id': 'a b<script>' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('log hygiene', () => {
  it('never writes an API key, a wrong key or an Authorization header to the log', async () => {
    const attempts: Record<string, string>[] = [
      { authorization: `Bearer ${server.apiKey}` },
      { authorization: `Bearer ${wrongKey}` },
      { authorization: `Basic ${Buffer.from(`admin:${oddSecret}`).toString('base64')}` },
      { authorization: `Bearer ${oddSecret} trailing` },
      { authorization: `bearer ${oddSecret}` },
      { authorization: oddSecret },
    ];
    for (const headers of attempts) {
      await get('/v1/pets', headers);
      await get('/v1/pets/1', headers);
      await fetch(`${server.baseUrl}/v1/pets`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'log-hygiene' },
        body: JSON.stringify({ name: oddSecret, categoryId: 1, password: oddSecret }),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logs = server.logs();
    expect(logs).toContain('"path":"/v1/pets"');
    for (const secret of [server.apiKey, wrongKey, oddSecret, Buffer.from(`admin:${oddSecret}`).toString('base64')]) {
      expect(logs).not.toContain(secret);
    }
    // Every line is structured JSON (pino), apart from Next's own start-up banner.
    const requestLines = logs.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(attempts.length * 3);
    for (const line of requestLines) expect(() => JSON.parse(line)).not.toThrow();
  });
});
