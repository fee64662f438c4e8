// The route handlers called in-process, as Fastify's inject and Hono's app.request call
// theirs: the checks that need no server and no database. Every operation but the OpenAPI
// document and a photo's file asks for a key first (401, RFC 6750's challenge, the JSON Error;
// a photo's file, whose signed URL is its key, refuses an unsigned one: 403), and every method
// a route does not take is a 405 naming the ones it does. The whole HTTP path: tests/api.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Every route file under app/v1 but the catch-all, with a target that reaches it. */
function routeFiles(folder = ''): { folder: string; target: string }[] {
  const here = path.join('app/v1', folder);
  const found = fs.existsSync(path.join(here, 'route.ts')) && !folder.includes('[[') ? [{ folder, target: `/v1/${folder.replace(/\[[^\]]+\]/g, '1')}` }] : [];
  for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...routeFiles(path.posix.join(folder, entry.name)));
  }
  return found;
}

const call = (handler: Handler, method: string, target: string) =>
  handler(new Request(`http://petstore.test${target}`, { method, headers: { accept: 'application/json' } }), {
    params: Promise.resolve({ petId: '1', orderId: '1', categoryId: '1', keyId: '1', userId: '1', photoId: '1', variant: 'thumb' }),
  });

describe.each(routeFiles())('app/v1/$folder, in-process', ({ folder, target }) => {
  // The first import loads the domain's modules (a few seconds on a busy machine).
  it('asks for a key before anything else, or names the methods it takes', { timeout: 60_000 }, async () => {
    const route = (await import(`@/app/v1/${folder}/route`)) as Partial<Record<(typeof METHODS)[number], Handler>>;
    const allowed = (await call(route.OPTIONS!, 'OPTIONS', target)).headers.get('allow')?.split(', ') ?? [];
    expect(allowed.length, `${folder}: OPTIONS names its methods`).toBeGreaterThan(0);
    for (const method of METHODS) {
      // Next answers HEAD with the GET handler when a route exports no HEAD of its own.
      const handler = route[method] ?? (method === 'HEAD' ? route.GET : undefined);
      expect(handler, `${folder} exports ${method}`).toBeTypeOf('function');
      const answer = await call(handler!, method, target);
      const label = `${method} ${target} -> ${answer.status}`;
      if (method === 'OPTIONS') continue;
      if (!allowed.includes(method)) {
        expect(answer.status, label).toBe(405);
        expect(answer.headers.get('allow'), label).toBe(allowed.join(', '));
        continue;
      }
      if (folder === 'openapi.json') {
        expect(answer.status, label).toBe(200);
        continue;
      }
      if (folder === 'photos/[photoId]/[variant]') {
        expect(answer.status, label).toBe(403);
        expect(answer.headers.get('www-authenticate'), label).toBeNull();
        continue;
      }
      expect(answer.status, label).toBe(401);
      expect(answer.headers.get('www-authenticate'), label).toMatch(/^Bearer realm="petstore"/);
      if (method !== 'HEAD') expect(await answer.json(), label).toMatchObject({ code: 'unauthorized', status: 401 });
    }
  });
});
