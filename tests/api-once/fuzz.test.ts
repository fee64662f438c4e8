// Property-based fuzzing of /v1 (fast-check, fixed seed, so every run sends the
// same cases): generated garbage in bodies, headers, query strings, paths and
// methods, and in exact bytes: request targets (absolute-form, `*`, odd
// percent-encodings, very long), header shapes (repeated, missing Host, odd
// Content-Type, Content-Length and Transfer-Encoding) and methods with bodies.
// Every answer must be a JSON Error whose `status` is the HTTP status
// and whose `code` is in the closed set, never a 5xx; and no rejected request
// may change the catalogue. A dedicated server and database, so other tests'
// writes cannot blur the before/after comparison.
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_CODES } from '@/lib/contract/errors';
import { snapshot, type Snapshot } from '../support/catalogue';
import { sendRaw as sendExact } from '../support/raw-http';
import { startServer, type TestServer } from '../support/server';

const SEED = 20261126;
const RUNS = { bodies: 500, headers: 400, queries: 400, paths: 500, targets: 400, headerShapes: 400, methodsWithBodies: 400 };

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
  for (const [name, status] of [
    ['Rex', 'available'],
    ['Tom', 'sold'],
    ['Fifi', 'pending'],
  ] as const) {
    await send({ method: 'POST', path: '/v1/pets', headers: json(auth()), body: JSON.stringify({ name, categoryId: 1, status }) });
  }
  before = await snapshot(server.baseUrl, server.apiKey);
}, 120_000);

afterAll(async () => {
  agent.destroy();
  const cases = [...statusCounts.values()].reduce((sum, count) => sum + count, 0);
  const serverErrors = [...statusCounts].filter(([key]) => Number(key.split(': ')[1]) >= 500).reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `fuzz statuses (seed ${SEED}; ${cases} cases, ${serverErrors} 5xx):\n${[...statusCounts]
      .sort()
      .map(([key, count]) => `  ${key}: ${count}`)
      .join('\n')}`,
  );
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
async function sendRaw(request: Buffer): Promise<Answer> {
  const answer = await sendExact(server.baseUrl, request);
  return { status: answer.status, contentType: answer.headers['content-type'], location: answer.headers.location, text: answer.text };
}

const auth = (): Record<string, string> => ({ authorization: `Bearer ${server.apiKey}` });
const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

/** The property every answer must have. */
function expectJsonAnswer(group: string, request: RawRequest, answer: Answer): void {
  const key = `${group}: ${answer.status}`;
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  const where = `${request.method} ${request.path.slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
  // A method no resource here takes (PROPFIND, PURGE) is the target's 405: no 5xx at all.
  expect(answer.status, where).toBeLessThan(500);
  // The one bodiless answer Next gives before any handler, proper HTTP: the
  // automatic 204 to OPTIONS (with Allow). /v1 never redirects.
  if (answer.status === 204 && request.method === 'OPTIONS') return;
  // A path whose dot segments (raw or as %2e) climb out of /v1 is, by URL rules
  // (WHATWG), a request for that other path, e.g. /v1/%2e%2e is the home page.
  // (Targets the front door refuses, `*` and other hosts, are always held to JSON.)
  const routed = routedPath(request.path);
  if (routed !== undefined && !routed.startsWith('/v1')) return;
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

/** The path a target reaches a route with: its own for origin-form and for this host; undefined for what the front door refuses. */
function routedPath(target: string): string | undefined {
  if (target.startsWith('/')) return new URL(target, 'http://x').pathname;
  try {
    const url = new URL(target);
    return url.host === new URL(server.baseUrl).host && /^https?:$/.test(url.protocol) && !url.username ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

async function check(group: string, arbitrary: fc.Arbitrary<RawRequest>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => expectJsonAnswer(group, request, await send(request))),
    { seed: SEED, numRuns },
  );
}

/** A request in exact bytes: its method and target (for the checks) and what goes on the wire. */
type ExactRequest = { method: string; path: string; bytes: Buffer };

async function checkExact(group: string, arbitrary: fc.Arbitrary<ExactRequest>, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => expectJsonAnswer(group, { ...request, headers: {} }, await sendRaw(request.bytes))),
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
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '18446744073709551616',
  '1e308',
  '1e309',
  '-1e400',
  '0.1',
  '1.0',
  '1.5',
  '-1',
  '0',
  '-0',
  '123456789012345678901234567890',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '01',
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

const nesting = fc
  .tuple(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 0, max: 3 }))
  .map(
    ([depth, shape]) =>
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
  fc
    .uint8Array({ minLength: 1, maxLength: 64 })
    .map((bytes) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('","categoryId":1}')])),
  fc.uint8Array({ minLength: 0, maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc
    .jsonValue()
    .map((value) => JSON.stringify(value))
    .map((text) => text.slice(0, Math.floor(text.length / 2))),
  fc.integer({ min: 65_537, max: 200_000 }).map((length) => `{"name":"${'y'.repeat(length)}","categoryId":1}`),
);

// Exact bytes: a request line, header lines (each a complete `Name: value`), a body.
const exact = (method: string, target: string, headerLines: string[], body: Buffer | string = ''): ExactRequest => ({
  method,
  path: target,
  bytes: Buffer.concat([
    Buffer.from(`${method} ${target} HTTP/1.1\r\n${[...headerLines, 'Connection: close'].map((line) => `${line}\r\n`).join('')}\r\n`, 'latin1'),
    Buffer.from(body),
  ]),
});
const hostLine = () => `Host: ${new URL(server.baseUrl).host}`;
const authLine = () => `Authorization: Bearer ${server.apiKey}`;
const chunked = (body: Buffer | string) => {
  const bytes = Buffer.from(body);
  return Buffer.concat([
    Buffer.from(bytes.length > 0 ? `${bytes.length.toString(16)}\r\n` : ''),
    bytes,
    Buffer.from(bytes.length > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n'),
  ]);
};

const v1Path = fc.constantFrom('/v1/pets', '/v1/pets/1', '/v1/pets/counts', '/v1/store/orders', '/v1/categories', '/v1/openapi.json', '/v1/nowhere', '/v1');
const oddSegment = fc.constantFrom(
  '%2F',
  '%2f',
  '%252e',
  '%252e%252e',
  '%u0041',
  '%',
  '%%',
  '%%41',
  '%4',
  '%G1',
  '%C0%AF',
  '%E0%80%AF',
  '%F0%9F%98%80',
  '%ed%a0%80',
  '%00',
  '%7F',
  '%2e',
  '%2e%2e',
  '.',
  '..',
  ';',
  ';jsessionid=1',
  '~',
  '%20',
  '+',
  'pets',
  '1',
  '%31',
  'p%65ts',
  '%2Fpets',
  '%5C',
  '\\',
);
const requestTarget = fc.oneof(
  fc.constantFrom('*', '/*', '**', '?', '/?', '#', '/v1/pets#x', 'pets', 'v1/pets', 'example.com:443', '//v1/pets', '///v1/pets'),
  fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTP', 'ftp', 'file', 'javascript'),
      fc.constantFrom('this', 'evil.example', 'evil.example:80', '127.0.0.1', 'user:pw@this', '[::1]', 'localhost', ''),
      v1Path,
    )
    .map(([scheme, host, path]) => `${scheme}://${host === 'this' ? new URL(server.baseUrl).host : host.replace('this', new URL(server.baseUrl).host)}${path}`),
  fc.array(oddSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/v1/${segments.join('/')}`),
  fc.tuple(v1Path, fc.array(oddSegment, { maxLength: 3 })).map(([path, segments]) => `${path}?${segments.map((segment, n) => `q${n}=${segment}`).join('&')}`),
  fc.integer({ min: 4_000, max: 15_000 }).map((length) => `/v1/pets?name=${'a'.repeat(length)}`),
  fc.integer({ min: 2_000, max: 5_000 }).map((length) => `/v1/${'pets/'.repeat(length / 5)}`),
);

const oneOrMore = <T>(value: fc.Arbitrary<T>) => fc.array(value, { minLength: 1, maxLength: 3 });
const petBody = JSON.stringify({ name: 'Shape', categoryId: 1 });
type HeaderShape = {
  host: readonly string[];
  authorization: readonly string[];
  authorizationName: string;
  contentType: readonly string[];
  framing: string;
  method: string;
  extra: readonly string[];
};
// The headers of a request to /v1/pets, each as the values it is sent with (none, one, several).
const headerShape: fc.Arbitrary<HeaderShape> = fc.record({
  host: fc.oneof(
    fc.constant(['this']),
    fc.constant([]),
    fc.constant(['this', 'this']),
    fc.constant(['this', 'evil.example']),
    oneOrMore(fc.constantFrom('', 'evil.example', 'a b', '[::1]', 'x'.repeat(300), 'this:99999', 'this')),
  ),
  authorization: fc.oneof(
    fc.constant(['valid']),
    fc.constant([]),
    oneOrMore(fc.constantFrom('valid', 'Bearer psk_nobody_xxxxxxxxxxxxxxxxxxxxxxxx', '', 'Basic YTpi', 'valid')),
  ),
  authorizationName: fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION'),
  contentType: fc.oneof(
    fc.constant([]),
    oneOrMore(fc.constantFrom('application/json', 'text/plain', '', 'application/json; charset=utf-8', 'application/json, text/plain', 'multipart/form-data')),
  ),
  framing: fc.constantFrom(
    'length',
    'none',
    'chunked',
    'Chunked',
    'chunked-twice',
    'gzip, chunked',
    'gzip',
    'identity',
    'length-and-chunked',
    'length-twice-same',
    'length-twice-different',
    'length-odd',
    'length-negative',
    'length-huge',
    'length-plus',
  ),
  method: fc.constantFrom('GET', 'POST'),
  extra: fc.constantFrom(
    [],
    ['X-Request-Id: a', 'X-Request-Id: b'],
    ['Idempotency-Key: a', 'Idempotency-Key: b'],
    ['Expect: 100-continue'],
    ['Expect: nothing'],
    ['X-Folded: a', ' b'],
    ['Content-Encoding: gzip'],
    ['Connection: keep-alive'],
    ['Upgrade: websocket', 'Connection: Upgrade'],
  ),
});

function shapedRequest(shape: HeaderShape): ExactRequest {
  const thisHost = new URL(server.baseUrl).host;
  const lines = [
    ...shape.host.map((host) => `Host: ${host.replace('this', thisHost)}`),
    ...shape.authorization.map((value) => `${shape.authorizationName}: ${value === 'valid' ? `Bearer ${server.apiKey}` : value}`),
    ...shape.contentType.map((value) => `Content-Type: ${value}`),
    ...shape.extra,
  ];
  const framings: Record<string, [string[], Buffer | string]> = {
    length: [[`Content-Length: ${petBody.length}`], petBody],
    none: [[], ''],
    chunked: [['Transfer-Encoding: chunked'], chunked(petBody)],
    Chunked: [['Transfer-Encoding: Chunked'], chunked(petBody)],
    'chunked-twice': [['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'], chunked(petBody)],
    'gzip, chunked': [['Transfer-Encoding: gzip, chunked'], chunked(petBody)],
    gzip: [['Transfer-Encoding: gzip'], petBody],
    identity: [['Transfer-Encoding: identity'], petBody],
    'length-and-chunked': [[`Content-Length: ${petBody.length}`, 'Transfer-Encoding: chunked'], chunked(petBody)],
    'length-twice-same': [[`Content-Length: ${petBody.length}`, `Content-Length: ${petBody.length}`], petBody],
    'length-twice-different': [[`Content-Length: ${petBody.length}`, 'Content-Length: 1'], petBody],
    'length-odd': [['Content-Length: abc'], petBody],
    'length-negative': [['Content-Length: -1'], petBody],
    'length-huge': [['Content-Length: 99999999999999999999'], petBody],
    'length-plus': [[`Content-Length: +${petBody.length}`], petBody],
  };
  const [framingLines, body] = framings[shape.framing]!;
  return exact(shape.method, '/v1/pets', [...lines, ...framingLines], shape.method === 'GET' && shape.framing === 'none' ? '' : body);
}

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
        'application/json',
        'APPLICATION/JSON',
        'application/json; charset=latin1',
        'application/merge-patch+json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        ';;;',
        'application/json;',
        'application/jsonx',
        '*/*',
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
    const name = fc.oneof(
      fc.constantFrom('limit', 'status', 'cursor', 'petId', 'name', 'categoryId', 'sort', '', 'LIMIT', 'limit[]', '__proto__', 'constructor'),
      fc.string({ unit: char(0x61, 0x7a), maxLength: 6 }),
    );
    const value = fc.oneof(
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.constantFrom(
        '',
        '0',
        '1',
        '20',
        '100',
        '101',
        '-1',
        '1e2',
        '20.0',
        '+20',
        '%2020',
        '0x14',
        "1'%20OR%20'1'='1",
        '1;DROP%20TABLE%20pets;--',
        '%00',
        '%zz',
        '%',
        '%E0%A4%A',
        '%C0%AF',
        '%FF',
        '%ED%A0%80',
        'available',
        'Available',
        'sold,pending',
        'aWQ6MQ',
        'aWQ6LTE',
        'aWQ6eA',
        '-id',
        'name',
        '-name',
        '%25',
        '_',
        '%5C',
        'bmFtZToxOmE',
        'LWlkOjE',
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
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x1',
        '9223372036854775807',
        '9223372036854775808',
        '%2e%2e',
        '..',
        '%2F',
        '%2f1',
        '%00',
        '%zz',
        '%',
        '%E0%A4%A',
        '%C0%AF',
        '%FF',
        '1%20OR%201=1',
        "1'--",
        'null',
        'undefined',
        '__proto__',
        'constructor',
        '%5B%5D',
        '1;',
        '%20',
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

  it('answers odd request targets (`*`, absolute-form, odd percent-encodings, very long) with JSON, never a 5xx', async () => {
    const method = fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE');
    // DELETE goes without a key: a target that decodes to /v1/pets/{id} names a real
    // operation now (deletePet), and the catalogue must stay as it was.
    const credentials = (verb: string) => (verb === 'DELETE' ? [] : [authLine()]);
    await checkExact(
      'targets',
      fc
        .tuple(method, requestTarget)
        .map(([verb, target]) =>
          exact(
            verb,
            target,
            [hostLine(), ...credentials(verb), ...(verb === 'POST' ? ['Content-Type: application/json', `Content-Length: ${petBody.length}`] : [])],
            verb === 'POST' ? petBody : '',
          ),
        ),
      RUNS.targets,
    );
  });

  it('answers odd header shapes (repeated, missing Host, odd Content-Type, Content-Length, Transfer-Encoding) with JSON, never a 5xx', async () => {
    await checkExact('header shapes', headerShape.map(shapedRequest), RUNS.headerShapes);
  });

  it('answers every method with a body, by length or chunked, with JSON, never a 5xx', async () => {
    await check(
      'methods with bodies',
      fc
        .record({
          method: fc.constantFrom('GET', 'HEAD', 'DELETE', 'OPTIONS', 'PUT', 'PATCH', 'POST'),
          path: fc.constantFrom(
            '/v1/pets',
            '/v1/pets/999999999',
            '/v1/pets/counts',
            '/v1/store/orders',
            '/v1/store/orders/999999999',
            '/v1/categories/999999999',
            '/v1/nowhere',
          ),
          body: fc.oneof(petLike, bodyText),
          isChunked: fc.boolean(),
          contentType: fc.constantFrom('application/json', 'text/plain', 'application/merge-patch+json'),
        })
        .map(({ method, path, body, isChunked, contentType }) => ({
          method,
          path,
          headers: {
            ...auth(),
            'content-type': contentType,
            ...(isChunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) }),
          },
          body,
        })),
      RUNS.methodsWithBodies,
    );
  });

  // Not valid HTTP/1.1 (Node's parser refuses these before any route), and
  // CONNECT (never a request to a route): server.mjs answers them in JSON and
  // closes the connection; the server keeps serving.
  const ONE_LINE = (requestLine: string, headers = '') => `${requestLine}\r\nHost: x\r\n${headers}\r\n`;
  it.each([
    ['a raw non-ASCII byte in the request line', 400, ONE_LINE('GET /v1/p\u00e9ts HTTP/1.1')],
    ['headers over 16 KiB', 431, ONE_LINE('GET /v1/pets HTTP/1.1', `X-Filler: ${'f'.repeat(17_000)}\r\n`)],
    ['a method token Node does not know', 400, ONE_LINE('FOO /v1/pets HTTP/1.1')],
    ['CONNECT', 400, ONE_LINE('CONNECT example.com:443 HTTP/1.1')],
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
              resolve({
                status: response.statusCode!,
                contentType: response.headers['content-type'],
                location: undefined,
                text: Buffer.concat(chunks).toString(),
              }),
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
