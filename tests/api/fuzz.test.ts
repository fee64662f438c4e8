// Property-based fuzzing of /v1 (fast-check, fixed seed, so every run sends the
// same cases): generated garbage in bodies, headers, query strings, paths and
// methods. Every answer must be a JSON Error whose `status` is the HTTP status
// and whose `code` is in the closed set, never a 5xx; and no rejected request
// may change the catalogue. A dedicated server and database, so other tests'
// writes cannot blur the before/after comparison.
import http from 'node:http';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_CODES } from '@/lib/contract/errors';
import { snapshot, type Snapshot } from '../support/catalogue';
import { startServer, type TestServer } from '../support/server';

const SEED = 20261126;
const RUNS = { bodies: 500, headers: 400, queries: 400, paths: 500 };

let server: TestServer;
let before: Snapshot;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
// Ids of pets a generated request legitimately created (a 201): the only change allowed.
const createdPetIds = new Set<number>();
// "group: status" -> count, printed at the end (docs/RELIABILITY.md quotes it).
const statusCounts = new Map<string, number>();

type RawRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer | string };
type Answer = { status: number; contentType: string | undefined; location: string | undefined; text: string };

beforeAll(async () => {
  server = await startServer({ database: inject('database'), env: { RATE_LIMIT_RATE: '0' } });
  for (const [name, status] of [['Rex', 'available'], ['Tom', 'sold'], ['Fifi', 'pending']] as const) {
    await send({ method: 'POST', path: '/v1/pets', headers: json(auth()), body: JSON.stringify({ name, categoryId: 1, status }) });
  }
  before = await snapshot(server.baseUrl, server.apiKey);
}, 120_000);

afterAll(async () => {
  agent.destroy();
  console.log(`fuzz statuses (seed ${SEED}):\n${[...statusCounts].sort().map(([key, count]) => `  ${key}: ${count}`).join('\n')}`);
  await server?.stop();
});

function send(request: RawRequest): Promise<Answer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: hostname, port, method: request.method, path: request.path, headers: request.headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          contentType: response.headers['content-type'],
          location: response.headers.location,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Bytes as they are, on a connection of their own; the answer is read until the server closes it. */
function sendRaw(request: Buffer): Promise<Answer> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', text = ''] = raw.split('\r\n\r\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
      resolve({ status: Number(head.split(' ')[1]), contentType: header('content-type'), location: header('location'), text });
    });
  });
}

const auth = (): Record<string, string> => ({ authorization: `Bearer ${server.apiKey}` });
const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

/** The property every answer must have. */
function expectJsonAnswer(group: string, request: RawRequest, answer: Answer): void {
  const key = `${group}: ${answer.status}`;
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  const where = `${request.method} ${request.path} -> ${answer.status} ${answer.text.slice(0, 200)}`;
  expect(answer.status, where).toBeLessThan(500);
  // Two bodiless answers Next gives before any handler, both proper HTTP: the
  // automatic 204 to OPTIONS (with Allow), and a 308 to the normalised path
  // (/v1/pets/ -> /v1/pets, /v1//pets -> /v1/pets).
  if (answer.status === 204 && request.method === 'OPTIONS') return;
  // A path whose dot segments (raw or as %2e) climb out of /v1 is, by URL rules
  // (WHATWG), a request for that other path, e.g. /v1/%2e%2e is the home page.
  if (!new URL(request.path, 'http://x').pathname.startsWith('/v1')) return;
  if (answer.status === 308) {
    expect(answer.location, where).toMatch(/^\/[^/]/);
    return;
  }
  expect(answer.contentType, where).toBe('application/json');
  if (request.method === 'HEAD') return;
  const body = JSON.parse(answer.text);
  if (answer.status >= 400) {
    expect(body.status, where).toBe(answer.status);
    expect(ERROR_CODES, where).toContain(body.code);
    expect(typeof body.message, where).toBe('string');
  }
  // A pet created through a path the router normalised (/v1/./pets) counts too.
  if (answer.status === 201 && 'categoryId' in body) createdPetIds.add(body.id);
}

async function check(group: string, arbitrary: fc.Arbitrary<RawRequest>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => expectJsonAnswer(group, request, await send(request))),
    { seed: SEED, numRuns },
  );
}

// --- building blocks -------------------------------------------------------

const char = (from: number, to: number) => fc.integer({ min: from, max: to }).map((code) => String.fromCharCode(code));
// What an HTTP/1.1 header value may carry (no control characters), Latin-1 included.
const headerText = (maxLength: number) => fc.string({ unit: fc.oneof(char(0x20, 0x7e), char(0xa0, 0xff)), maxLength });
// What a request-target may carry raw (RFC 3986 unreserved, sub-delims, ':', '@',
// '/', '?', '%'); raw bytes beyond ASCII never reach the app (see the protocol test).
const urlCharacter = fc.constantFrom(..."ABCXYZabcxyz0189-._~!$&'()*+,;=:@/?%".split(''));
const hugeString = fc.integer({ min: 200, max: 70_000 }).map((length) => 'x'.repeat(length));
const unicodeText = fc.string({ unit: 'grapheme', maxLength: 40 });
const numberText = fc.constantFrom(
  '9007199254740991', '9007199254740992', '9007199254740993', '18446744073709551616', '1e308', '1e309', '-1e400',
  '0.1', '1.0', '1.5', '-1', '0', '-0', '123456789012345678901234567890', 'NaN', 'Infinity', '-Infinity', '0x10', '1_000', '01',
);
const nanLike = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', 'null', 'undefined', '', ' 1', '١٢', '0x1F');
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'id');

const petLike = fc
  .record(
    {
      name: fc.oneof(fc.string(), unicodeText, fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), hugeString, nanLike),
      categoryId: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.boolean(), nanLike, fc.constant({})),
      status: fc.oneof(fc.constantFrom('available', 'pending', 'sold', 'AVAILABLE', '', 'lost'), fc.integer(), fc.constant(null)),
    },
    { requiredKeys: [] },
  )
  .map((pet) => JSON.stringify(pet));

const nesting = fc.tuple(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 0, max: 3 })).map(([depth, shape]) =>
  [
    `${'['.repeat(depth)}${']'.repeat(depth)}`,
    `{"name":"Deep","categoryId":${'['.repeat(depth)}1${']'.repeat(depth)}}`,
    `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    '['.repeat(depth),
  ][shape]!,
);

const bodyText: fc.Arbitrary<Buffer | string> = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  petLike,
  fc.tuple(unicodeText, numberText).map(([name, number]) => `{"name":${JSON.stringify(name)},"categoryId":${number}}`),
  fc
    .tuple(protoKey, fc.jsonValue(), fc.boolean())
    .map(([key, value, withFields]) => `{${withFields ? '"name":"Proto","categoryId":1,' : ''}${JSON.stringify(key)}:${JSON.stringify(value)}}`),
  nesting,
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('","categoryId":1}')])),
  fc.uint8Array({ minLength: 0, maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue().map((value) => JSON.stringify(value)).map((text) => text.slice(0, Math.floor(text.length / 2))),
  fc.integer({ min: 65_537, max: 200_000 }).map((length) => `{"name":"${'y'.repeat(length)}","categoryId":1}`),
);

// --- the properties --------------------------------------------------------

describe('fuzzing /v1 with generated garbage', () => {
  it('answers every generated body on POST /v1/pets with JSON, never a 5xx', async () => {
    const idempotencyKey = fc.option(headerText(300), { nil: undefined });
    await check(
      'bodies',
      fc.tuple(bodyText, idempotencyKey).map(([body, key]) => ({
        method: 'POST',
        path: '/v1/pets',
        headers: { ...json(auth()), ...(key !== undefined && { 'idempotency-key': key }) },
        body,
      })),
      RUNS.bodies,
    );
  });

  it('answers broken, missing and huge headers with JSON, never a 5xx', async () => {
    const authorization = fc.oneof(
      fc.constant(undefined),
      fc.constant(`Bearer ${server.apiKey}`),
      fc.constant(`bearer   ${server.apiKey}  `),
      headerText(200),
      headerText(100).map((text) => `Bearer ${text}`),
      headerText(20).map((text) => `Bearer ${server.apiKey}${text}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Token abc', 'Bearer a b', `Bearer ${'a'.repeat(8000)}`, 'Bearer ====', 'Bearer %00'),
    );
    const contentType = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(
        'application/json', 'APPLICATION/JSON', 'application/json; charset=latin1', 'application/merge-patch+json', 'text/plain',
        'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', ';;;', 'application/json;', 'application/jsonx', '*/*',
      ),
      headerText(80),
    );
    await check(
      'headers',
      fc
        .record({
          method: fc.constantFrom('GET', 'POST'),
          authorization,
          contentType,
          // Below Node's 16 KiB header limit with the longest Authorization (the protocol test covers beyond).
          filler: fc.option(fc.integer({ min: 100, max: 7_000 }), { nil: undefined }),
          requestId: fc.option(headerText(300), { nil: undefined }),
          body: fc.oneof(petLike, bodyText),
        })
        .map((generated) => ({
          method: generated.method,
          path: '/v1/pets',
          headers: {
            ...(generated.authorization !== undefined && { authorization: generated.authorization }),
            ...(generated.contentType !== undefined && { 'content-type': generated.contentType }),
            ...(generated.filler !== undefined && { 'x-filler': 'f'.repeat(generated.filler) }),
            ...(generated.requestId !== undefined && { 'x-request-id': generated.requestId }),
          },
          body: generated.method === 'POST' ? generated.body : undefined,
        })),
      RUNS.headers,
    );
  });

  it('answers repeated, empty, unicode, SQL-looking and badly encoded query strings with JSON, never a 5xx', async () => {
    const name = fc.oneof(fc.constantFrom('limit', 'status', 'cursor', 'petId', 'name', 'categoryId', 'sort', '', 'LIMIT', 'limit[]', '__proto__', 'constructor'), fc.string({ unit: char(0x61, 0x7a), maxLength: 6 }));
    const value = fc.oneof(
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.constantFrom(
        '', '0', '1', '20', '100', '101', '-1', '1e2', '20.0', '+20', '%2020', '0x14', "1'%20OR%20'1'='1", '1;DROP%20TABLE%20pets;--',
        '%00', '%zz', '%', '%E0%A4%A', '%C0%AF', '%FF', '%ED%A0%80', 'available', 'Available', 'sold,pending', 'aWQ6MQ', 'aWQ6LTE', 'aWQ6eA',
        '-id', 'name', '-name', '%25', '_', '%5C', 'bmFtZToxOmE', 'LWlkOjE',
      ),
      unicodeText.map(encodeURIComponent),
      fc.string({ unit: urlCharacter, maxLength: 20 }),
    );
    const pair = fc.tuple(name, fc.option(value, { nil: undefined })).map(([key, given]) => (given === undefined ? key : `${key}=${given}`));
    await check(
      'queries',
      fc
        .tuple(fc.constantFrom('/v1/pets', '/v1/store/orders', '/v1/pets/counts', '/v1/categories'), fc.array(pair, { maxLength: 6 }))
        .map(([route, pairs]) => ({ method: 'GET', path: `${route}?${pairs.join('&')}`, headers: auth() })),
      RUNS.queries,
    );
  });

  it('answers odd path ids and methods with JSON, never a 5xx', async () => {
    const segment = fc.oneof(
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.constantFrom(
        '0', '-1', '1.5', '1e3', '0x1', '9223372036854775807', '9223372036854775808', '%2e%2e', '..', '%2F', '%2f1', '%00', '%zz', '%',
        '%E0%A4%A', '%C0%AF', '%FF', '1%20OR%201=1', "1'--", 'null', 'undefined', '__proto__', 'constructor', '%5B%5D', '1;', '%20',
      ),
      unicodeText.map(encodeURIComponent),
      fc.string({ unit: urlCharacter.filter((character) => character !== '/' && character !== '?'), minLength: 1, maxLength: 20 }),
    );
    const template = fc.constantFrom('/v1/pets/{}', '/v1/{}', '/v1/store/orders/{}', '/v1/pets/{}/x', '/v1/{}/pets', '/v1/categories/{}');
    await check(
      'paths',
      fc
        .tuple(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'PURGE', 'TRACE'), template, segment)
        .map(([method, path, id]) => ({
          method,
          path: path.replace('{}', id),
          headers: ['POST', 'PUT', 'PATCH'].includes(method) ? json(auth()) : auth(),
          body: ['POST', 'PUT', 'PATCH'].includes(method) ? '{"name":"Path","categoryId":1}' : undefined,
        })),
      RUNS.paths,
    );
  });

  // Not valid HTTP/1.1 (Node's parser refuses these before any route), and
  // CONNECT (never a request to a route): server.mjs answers them in JSON and
  // closes the connection; the server keeps serving.
  const ONE_LINE = (requestLine: string, headers = '') => `${requestLine}\r\nHost: x\r\n${headers}\r\n`;
  it.each([
    ['a raw non-ASCII byte in the request line', 400, ONE_LINE('GET /v1/p\u00e9ts HTTP/1.1')],
    ['headers over 16 KiB', 431, ONE_LINE('GET /v1/pets HTTP/1.1', `X-Filler: ${'f'.repeat(17_000)}\r\n`)],
    ['a method token Node does not know', 405, ONE_LINE('FOO /v1/pets HTTP/1.1')],
    ['CONNECT', 405, ONE_LINE('CONNECT example.com:443 HTTP/1.1')],
  ])('answers %s with a JSON %i and keeps serving', async (_, status, request) => {
    const answer = await sendRaw(Buffer.from(request, 'latin1'));
    statusCounts.set(`protocol: ${answer.status}`, (statusCounts.get(`protocol: ${answer.status}`) ?? 0) + 1);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.contentType).toBe('application/json');
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ status });
    expect(ERROR_CODES).toContain(body.code);
    expect((await send({ method: 'GET', path: '/v1/pets', headers: auth() })).status).toBe(200);
  });

  it('answers a chunked body over 64 KiB (no Content-Length) with 413, however large', async () => {
    for (const size of [70_000, 3_000_000]) {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const { hostname, port } = new URL(server.baseUrl);
        const outgoing = http.request(
          { host: hostname, port, method: 'POST', path: '/v1/pets', headers: { ...json(auth()), 'transfer-encoding': 'chunked' } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode!, contentType: response.headers['content-type'], location: undefined, text: Buffer.concat(chunks).toString() }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.write(`{"name":"${'z'.repeat(size)}`);
        outgoing.end('","categoryId":1}');
      });
      expectJsonAnswer('chunked', { method: 'POST', path: '/v1/pets', headers: {} }, answer);
      expect(answer.status).toBe(413);
    }
  });

  it('left the catalogue as it was, apart from the pets it answered 201 for', async () => {
    const after = await snapshot(server.baseUrl, server.apiKey);
    const untouched = after.petRows.filter((pet) => !createdPetIds.has(pet.id as number));
    expect(untouched).toEqual(before.petRows);
    expect(after.pets).toBe(before.pets + createdPetIds.size);
    expect(after.orderRows).toEqual(before.orderRows);
    expect(server.logs()).not.toContain('unhandled error');
  });
});
