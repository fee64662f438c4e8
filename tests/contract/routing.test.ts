// What every answer under /v1 has in common (docs/ARCHITECTURE.md): unknown paths and
// wrong methods get a JSON 404 / 405 with Allow (never HTML), every response
// carries X-Request-Id, and error bodies use the closed code set.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

describe('unknown paths under /v1', () => {
  it.each([
    ['GET', '/v1'],
    ['GET', '/v1/nothing-here'],
    ['GET', '/v1/pets/1/pictures'],
    ['GET', '/v1/store'],
    ['GET', '/v1/store/orders/1/extra'],
    ['POST', '/v1/nothing-here'],
    ['DELETE', '/v1/nothing-here'],
    ['GET', '/v1/%E2%9C%93'],
  ])('%s %s answers a JSON 404 not_found', async (method, path) => {
    const response = await api(method, path, { key: null });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it('answers 404 without asking for a key', async () => {
    const response = await api('GET', '/v1/nothing-here', { key: null });
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});

describe('wrong methods under /v1', () => {
  it.each([
    ['PUT', '/v1/pets', 'GET, HEAD, POST, OPTIONS'],
    // Without `id` (the set a batch change or delete works on), the collection's own 405.
    ['PATCH', '/v1/pets', 'GET, HEAD, POST, OPTIONS'],
    ['DELETE', '/v1/pets', 'GET, HEAD, POST, OPTIONS'],
    // With `id`, the URI is also served by the batch PATCH and DELETE: Allow names them.
    ['PUT', '/v1/pets?id=1', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS'],
    ['POST', '/v1/pets/1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['PUT', '/v1/pets/1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['POST', '/v1/pets/counts', 'GET, HEAD, OPTIONS'],
    ['PUT', '/v1/categories', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/v1/categories/1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['POST', '/v1/changes', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/v1/users', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', '/v1/store/orders', undefined],
    ['DELETE', '/v1/store/orders', undefined],
    ['POST', '/v1/openapi.json', 'GET, HEAD, OPTIONS'],
  ])('%s %s answers a JSON 405 with Allow', async (method, path, allow) => {
    const response = await api(method, path, { json: {} });
    expect(response.status).toBe(405);
    expect(response.body.code).toBe('method_not_allowed');
    const allowed = response.headers.get('allow')!.split(/,\s*/);
    expect(allowed).not.toContain(method);
    expect(allowed).toContain('GET');
    if (allow) expect(response.headers.get('allow')).toBe(allow);
  });

  it.each([
    ['/v1/pets', ['GET', 'HEAD', 'OPTIONS', 'POST']],
    ['/v1/pets?id=1,2', ['GET', 'HEAD', 'OPTIONS', 'POST', 'PATCH', 'DELETE']],
    ['/v1/pets/1', ['GET', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS']],
    ['/v1/openapi.json', ['GET', 'HEAD', 'OPTIONS']],
  ])('OPTIONS %s lists only the methods the path answers in Allow', async (path, methods) => {
    const response = await api('OPTIONS', path, { key: null });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')!.split(/,\s*/).sort()).toEqual([...methods].sort());
  });
});

describe('X-Request-Id', () => {
  it.each([
    ['a UUID', '0b6f4a3c-8a51-4a5e-9d0c-4f5b6f0f3d11'],
    ['a short token', 'abc-123'],
    ['dots and colons', 'trace:1.2.3'],
  ])('echoes a sane request id (%s)', async (_case, requestId) => {
    const response = await api('GET', '/v1/pets?limit=1', { headers: { 'x-request-id': requestId } });
    expect(response.headers.get('x-request-id')).toBe(requestId);
  });

  it.each([
    ['spaces', 'two words'],
    ['markup', '<script>'],
    ['over 128 characters', 'x'.repeat(129)],
    ['a header-splitting attempt', 'abc%0d%0aSet-Cookie:x=1'],
  ])('replaces a request id with %s by a generated one', async (_case, requestId) => {
    const response = await api('GET', '/v1/pets?limit=1', { headers: { 'x-request-id': requestId } });
    const sent = response.headers.get('x-request-id');
    expect(sent).not.toBe(requestId);
    expect(sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('generates a different id for each request that sends none', async () => {
    const [first, second] = await Promise.all([api('GET', '/v1/pets?limit=1'), api('GET', '/v1/pets?limit=1')]);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it.each([
    ['a 401', 'GET', '/v1/pets', null],
    ['a 404', 'GET', '/v1/nowhere', null],
    ['a 405', 'DELETE', '/v1/pets', undefined],
    ['a 400', 'GET', '/v1/pets?limit=0', undefined],
  ] as const)('is echoed on %s too', async (_case, method, path, key) => {
    const response = await api(method, path, { key, headers: { 'x-request-id': 'error-trace-7' } });
    expect(response.headers.get('x-request-id')).toBe('error-trace-7');
  });
});

describe('responses under /v1', () => {
  it.each([
    ['GET', '/v1/pets?limit=1'],
    ['GET', '/v1/nowhere'],
    ['GET', '/v1/pets?limit=0'],
  ])('%s %s is not cached (Cache-Control: no-store)', async (method, path) => {
    const response = await api(method, path);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
