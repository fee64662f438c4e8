// Compression of /v1 answers on the production path (lib/v1-path/compression.ts):
// JSON of at least one TCP segment, gzip preferred, brotli for a client that
// takes only that, q=0 honoured; small answers, HEAD, 204 and streams untouched.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressed } from '@/lib/v1-path/compression';

const bigJson = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, name: `Pet ${id}`, categoryId: 1 })));
const smallJson = JSON.stringify({ id: 1, name: 'Rex', categoryId: 1 });

function exchange(acceptEncoding: string | null, body = bigJson, init: { method?: string; status?: number; type?: string } = {}) {
  const headers = new Headers(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding });
  const request = new Request('http://petstore.test/v1/pets', { method: init.method ?? 'GET', headers });
  const response = new Response(init.status === 204 ? null : body, {
    status: init.status ?? 200,
    headers: { 'content-type': init.type ?? 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  return compressed(request, response);
}

describe('compressed', () => {
  it.each([
    ['gzip, deflate, br', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0, br', 'br'],
    ['*', 'gzip'],
    ['br;q=0, *;q=0.5', 'gzip'],
  ])('Accept-Encoding "%s" gets %s, which decodes to the same JSON', async (accept, encoding) => {
    const response = await exchange(accept);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.has('content-length')).toBe(false);
    const packed = Buffer.from(await response.arrayBuffer());
    const unpacked = encoding === 'br' ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
    expect(unpacked.toString()).toBe(bigJson);
  });

  it.each<[string, string | null, string, { method?: string; status?: number; type?: string }]>([
    ['no Accept-Encoding', null, bigJson, {}],
    ['identity only', 'identity', bigJson, {}],
    ['every encoding refused', 'gzip;q=0, br;q=0', bigJson, {}],
    ['an answer smaller than one segment', 'gzip', smallJson, {}],
    ['HEAD', 'gzip', bigJson, { method: 'HEAD' }],
    ['204', 'gzip', '', { status: 204 }],
    ['an event stream', 'gzip', bigJson, { type: 'text/event-stream' }],
  ])('leaves the body as it is for %s', async (_, accept, body, init) => {
    const response = await exchange(accept, body, init);
    expect(response.headers.has('content-encoding')).toBe(false);
    if (init.status !== 204) expect(await response.text()).toBe(body);
  });
});
