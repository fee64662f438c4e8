// The front door (server.mjs) answers in JSON what no route should see: odd HTTP
// (docs/ARCHITECTURE.md: a JSON 400, never plain text, never a redirect to another host)
// and requests over its bounds (target, body), before any route reads them. Raw
// sockets, because ordinary clients will not send most of these.
import { describe, expect, inject, it } from 'vitest';
import { ERROR_CODES } from '@/lib/contract/errors';
import { sendRaw, type RawAnswer } from '../support/raw-http';

const baseUrl = () => inject('baseUrl');
const host = () => new URL(baseUrl()).host;
const bearer = () => `Authorization: Bearer ${inject('apiKey')}\r\n`;

/** A request in exact bytes: request line, then `headers` (each ending in CRLF), then `body`. */
const raw = (requestLine: string, headers: string, body = '') => `${requestLine}\r\n${headers}Connection: close\r\n\r\n${body}`;

function expectJsonError(answer: RawAnswer, status: number): void {
  expect(answer.status, answer.raw.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['x-request-id']).toBeTruthy();
  expect(answer.headers.location).toBeUndefined();
  const body = JSON.parse(answer.text);
  expect(body.status).toBe(status);
  expect(ERROR_CODES).toContain(body.code);
  expect(typeof body.message).toBe('string');
}

describe('odd HTTP gets a JSON 400', () => {
  it.each([
    ['OPTIONS *', () => raw('OPTIONS * HTTP/1.1', `Host: ${host()}\r\n`)],
    ['GET *', () => raw('GET * HTTP/1.1', `Host: ${host()}\r\n`)],
    ['an absolute-form target naming another host', () => raw('GET http://evil.example/pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ['an absolute-form /v1 target naming another host', () => raw('GET http://evil.example/v1/pets HTTP/1.1', `Host: ${host()}\r\n${bearer()}`)],
    ['a target that is neither a path nor a URL', () => raw('GET pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ['no Host header', () => raw('GET /v1/pets HTTP/1.1', bearer())],
    ['no Host header on a page', () => raw('GET /healthz HTTP/1.1', '')],
    ['two Host headers', () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nHost: evil.example\r\n${bearer()}`)],
    [
      'two Authorization headers, the first one valid',
      () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\n${bearer()}Authorization: Bearer psk_someone_else\r\n`),
    ],
    [
      'two Authorization headers, the second one valid',
      () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nAuthorization: Bearer psk_someone_else\r\n${bearer()}`),
    ],
    [
      'two Content-Type headers',
      () => {
        const pet = JSON.stringify({ name: 'Twice typed', categoryId: 1 });
        return raw(
          'POST /v1/pets HTTP/1.1',
          `Host: ${host()}\r\n${bearer()}Content-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: ${pet.length}\r\n`,
          pet,
        );
      },
    ],
  ])('answers %s with a JSON 400', async (_, request) => {
    expectJsonError(await sendRaw(baseUrl(), request()), 400);
  });

  it('serves an absolute-form target naming this very host as its path (RFC 9112 §3.2.2)', async () => {
    const answer = await sendRaw(baseUrl(), raw(`GET http://${host()}/v1/pets?limit=1 HTTP/1.1`, `Host: ${host()}\r\n${bearer()}`));
    expect(answer.status).toBe(200);
    expect(Array.isArray(JSON.parse(answer.text))).toBe(true);
  });
});

describe('bounds on the request', () => {
  it('answers a target over 8 KiB with a JSON 414', async () => {
    const answer = await sendRaw(baseUrl(), raw(`GET /v1/pets?name=${'a'.repeat(8 * 1024)} HTTP/1.1`, `Host: ${host()}\r\n${bearer()}`));
    expectJsonError(answer, 414);
  });

  it('answers headers over 16 KiB with a JSON 431 that says so', async () => {
    const answer = await sendRaw(baseUrl(), raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nX-Filler: ${'f'.repeat(17 * 1024)}\r\n`));
    expectJsonError(answer, 431);
    expect(JSON.parse(answer.text).message).toBe('The request headers are larger than 16 KiB.');
  });

  // 1,000 small fields are about 9 KB: the parser's bound on the number of fields refuses them (Node 24).
  it('answers 1,000 small header fields with a JSON 431 that names the count, not the size', async () => {
    const fields = Array.from({ length: 1_000 }, (_, n) => `X-${n}: 1\r\n`).join('');
    const answer = await sendRaw(baseUrl(), raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\n${fields}`));
    expectJsonError(answer, 431);
    expect(JSON.parse(answer.text).message).toBe('The request has more than 1,000 header fields.');
  });

  it.each([
    ['/v1/pets', 64 * 1024 + 1, 'application/json'],
    ['/api/auth/callback/credentials', 1024 * 1024 + 1, 'application/x-www-form-urlencoded'],
    ['/signin', 1024 * 1024 + 1, 'text/plain'],
  ])('answers a Content-Length over the limit of %s (%i bytes) with a JSON 413 before reading the body', async (path, length, contentType) => {
    // Only the headers are sent: the answer must come without the body.
    const answer = await sendRaw(
      baseUrl(),
      raw(`POST ${path} HTTP/1.1`, `Host: ${host()}\r\n${bearer()}Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n`),
      3_000,
    );
    expectJsonError(answer, 413);
    expect(JSON.parse(answer.text).code).toBe('payload_too_large');
  });

  it('answers `Expect: 100-continue` with a too large body with 413 and no 100 Continue', async () => {
    const answer = await sendRaw(
      baseUrl(),
      raw('POST /v1/pets HTTP/1.1', `Host: ${host()}\r\n${bearer()}Content-Type: application/json\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n`),
      3_000,
    );
    expect(answer.raw).not.toContain('100 Continue');
    expectJsonError(answer, 413);
  });

  it('asks for the body of `Expect: 100-continue` within the limit, then serves it', async () => {
    const body = JSON.stringify({ name: 'Continued', categoryId: 1 });
    const answer = await sendRaw(
      baseUrl(),
      raw(
        'POST /v1/pets HTTP/1.1',
        `Host: ${host()}\r\n${bearer()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n`,
        body,
      ),
    );
    expect(answer.raw).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    expect(answer.status).toBe(201);
  });

  it('answers an expectation other than 100-continue with a JSON 417', async () => {
    const answer = await sendRaw(baseUrl(), raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\n${bearer()}Expect: something-else\r\n`));
    expectJsonError(answer, 417);
  });

  it('answers a chunked body outside /v1 with a JSON 411 before reading it', async () => {
    const answer = await sendRaw(
      baseUrl(),
      raw(
        'POST /api/auth/callback/credentials HTTP/1.1',
        `Host: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n`,
        '5\r\nemail\r\n',
      ),
      3_000,
    );
    expectJsonError(answer, 411);
  });
});

describe('methods no route takes', () => {
  /** The Allow a path lists to OPTIONS (what its routes take). */
  async function optionsAllow(path: string): Promise<string | undefined> {
    return (await sendRaw(baseUrl(), raw(`OPTIONS ${path} HTTP/1.1`, `Host: ${host()}\r\n`))).headers.allow;
  }

  it.each(['/v1/pets', '/v1/pets/1', '/v1/pets/counts', '/v1/store/orders/7', '/v1/openapi.json', '/v1/pets/?limit=1', '/v1/pets?id=1'])(
    'answers TRACE %s with a JSON 405 whose Allow is what OPTIONS lists',
    async (path) => {
      const answer = await sendRaw(baseUrl(), raw(`TRACE ${path} HTTP/1.1`, `Host: ${host()}\r\n${bearer()}`));
      expectJsonError(answer, 405);
      expect(JSON.parse(answer.text).code).toBe('method_not_allowed');
      expect(answer.headers.allow).toBeTruthy();
      expect(answer.headers.allow).toBe(await optionsAllow(path.replace(/\/(?=\?|$)/, '')));
    },
  );

  it('answers TRACE on a /v1 path with no operation with a JSON 404', async () => {
    expectJsonError(await sendRaw(baseUrl(), raw('TRACE /v1/nothing/here HTTP/1.1', `Host: ${host()}\r\n`)), 404);
  });

  it('names the batch PATCH and DELETE in the Allow of TRACE /v1/pets?id=…', async () => {
    const answer = await sendRaw(baseUrl(), raw('TRACE /v1/pets?id=1 HTTP/1.1', `Host: ${host()}\r\n`));
    expectJsonError(answer, 405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PATCH, DELETE, OPTIONS');
  });

  it('answers TRACE outside /v1 with a JSON 405 listing every method the app takes', async () => {
    const answer = await sendRaw(baseUrl(), raw('TRACE /signin HTTP/1.1', `Host: ${host()}\r\n`));
    expectJsonError(answer, 405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  // The error codes are a closed list, each with its status: a method no route takes is
  // the target's 405 (method_not_allowed) like TRACE, never a 501 (docs/ARCHITECTURE.md).
  it.each([
    ['PROPFIND', 'PROPFIND /v1/pets HTTP/1.1', 'GET, HEAD, POST, OPTIONS'],
    ['MKCOL', 'MKCOL /v1/pets/1 HTTP/1.1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['PURGE outside /v1', 'PURGE /signin HTTP/1.1', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
  ])('answers %s with a JSON 405 and the target’s Allow', async (_, requestLine, allow) => {
    const answer = await sendRaw(baseUrl(), raw(requestLine, `Host: ${host()}\r\n`));
    expectJsonError(answer, 405);
    expect(JSON.parse(answer.text).code).toBe('method_not_allowed');
    expect(answer.headers.allow).toBe(allow);
  });

  it.each([
    ['a token the parser does not know', 'FOO /v1/pets HTTP/1.1', /method/],
    ['CONNECT', 'CONNECT example.com:443 HTTP/1.1', /not a proxy/],
  ])('answers %s with a JSON 400 invalid_request', async (_, requestLine, message) => {
    const answer = await sendRaw(baseUrl(), raw(requestLine, `Host: ${host()}\r\n`));
    expectJsonError(answer, 400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
  });
});

describe('the security headers', () => {
  // Each row is answered by another part: the front door (its refusals, the parser's,
  // CONNECT, Upgrade, a body's), the /v1 path, Next's pages and Next's 404.
  it.each([
    ['a 400 for `*`', () => raw('OPTIONS * HTTP/1.1', `Host: ${host()}\r\n`)],
    ['a 405 for TRACE', () => raw('TRACE /v1/pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ['a 405 for PROPFIND', () => raw('PROPFIND /v1/pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ["the parser's 400", () => raw('FOO /v1/pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ["the parser's 431", () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nX-Filler: ${'f'.repeat(17 * 1024)}\r\n`)],
    ['a 400 for CONNECT', () => raw('CONNECT example.com:443 HTTP/1.1', `Host: ${host()}\r\n`)],
    ['a 400 for Upgrade', () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`)],
    ['a 413 before the body', () => raw('POST /signin HTTP/1.1', `Host: ${host()}\r\nContent-Type: text/plain\r\nContent-Length: ${2 * 1024 * 1024}\r\n`)],
    ['a 414', () => raw(`GET /v1/pets?name=${'a'.repeat(9 * 1024)} HTTP/1.1`, `Host: ${host()}\r\n`)],
    ['a 417', () => raw('GET /v1/pets HTTP/1.1', `Host: ${host()}\r\nExpect: nothing\r\n`)],
    ['a 404 for a doubled slash', () => raw('GET /v1//pets HTTP/1.1', `Host: ${host()}\r\n`)],
    ['a /v1 answer', () => raw('GET /v1/pets?limit=1 HTTP/1.1', `Host: ${host()}\r\n${bearer()}`)],
    ['a page', () => raw('GET /signin HTTP/1.1', `Host: ${host()}\r\n`)],
    ["Next's 404", () => raw('GET /no/such/page HTTP/1.1', `Host: ${host()}\r\n`)],
  ])('come with %s', async (_, request) => {
    const answer = await sendRaw(baseUrl(), request(), 3_000);
    expect(answer.status, answer.raw.slice(0, 200)).toBeGreaterThanOrEqual(200);
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
