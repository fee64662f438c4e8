// /bench-baseline/v1/...: the benchmark's "minimal Next.js route handler"
// baseline (bench/baseline-core.mjs: bearer lookup, one query, JSON). Only the
// benchmark's own build has it (PETSTORE_BENCH_BUILD=1, next.config.mjs).
// eslint-disable-next-line import/no-restricted-paths -- it is in the bench's build only (docs/PERFORMANCE.md)
import { createBaseline } from '@/bench/baseline-core.mjs';

export const dynamic = 'force-dynamic';

const PREFIX = '/bench-baseline';

const globalForBaseline = globalThis as typeof globalThis & { petstoreBenchBaseline?: ReturnType<typeof createBaseline> };

async function serve(request: Request): Promise<Response> {
  if (!process.env.DATABASE_URL) return Response.json({ code: 'not_found', message: 'Not found.', status: 404 }, { status: 404 });
  globalForBaseline.petstoreBenchBaseline ??= createBaseline(process.env.DATABASE_URL!, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const url = new URL(request.url);
  const answer = await globalForBaseline.petstoreBenchBaseline.handle({
    method: request.method,
    path: url.pathname.slice(PREFIX.length),
    search: url.searchParams,
    authorization: request.headers.get('authorization'),
    body: () => request.text(),
  });
  return new Response(answer.body as BodyInit, { status: answer.status, headers: answer.headers });
}

export { serve as GET, serve as POST };
