// GET /metrics: Prometheus text for the fleet's monitoring. Not public: it needs
// `Authorization: Bearer <PETSTORE_METRICS_TOKEN>`; without that variable it is 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/runtime/config';
import { ApiError, errorResponse } from '@/lib/http/errors';
import { metrics } from '@/lib/metrics';

export const dynamic = 'force-dynamic';

const digest = (text: string) => createHash('sha256').update(text).digest();

export async function GET(request: Request): Promise<Response> {
  const token = config().PETSTORE_METRICS_TOKEN;
  const recorded = metrics();
  if (!token || !recorded) return errorResponse(new ApiError('not_found', 'No such resource.'));
  const presented = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
  if (!timingSafeEqual(digest(presented), digest(token))) {
    return errorResponse(
      new ApiError('unauthorized', 'The metrics need `Authorization: Bearer <PETSTORE_METRICS_TOKEN>`.', {
        headers: { 'www-authenticate': 'Bearer realm="petstore-metrics"' },
      }),
    );
  }
  return new Response(await recorded.registry.metrics(), {
    headers: { 'content-type': recorded.registry.contentType, 'cache-control': 'no-store' },
  });
}
