// /bench-baseline/v1/...: the benchmark's "minimal Next.js route handler"
// baseline (bench/baseline-core.mjs: bearer lookup, one query, JSON). It exists
// only when PETSTORE_BENCH_BASELINE=1; otherwise every request gets a 404.
// eslint-disable-next-line import/no-restricted-paths -- to leave the production build (issue 11)
import { createBaseline } from '@/bench/baseline-core.mjs';

export const dynamic = 'force-dynamic';

const PREFIX = '/bench-baseline';
const isEnabled = process.env.PETSTORE_BENCH_BASELINE === '1' && Boolean(process.env.DATABASE_URL);

const globalForBaseline = globalThis as typeof globalThis & { petstoreBenchBaseline?: ReturnType<typeof createBaseline> };

async function serve(request: Request): Promise<Response> {
  if (!isEnabled) return Response.json({ code: 'not_found', message: 'Not found.', status: 404 }, { status: 404 });
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
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export { serve as GET, serve as POST };
