// GET /v1/changes (watchChanges): experimental; a Server-Sent Events stream of what changes.
import { authenticate } from '@/lib/http/auth';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { EVENT_STREAM, changeStream } from '@/lib/http/event-stream';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'watchChanges' }, async ({ request, caller }) =>
  changeStream(request.signal, { keyId: caller.keyId, userId: caller.userId }, () =>
    authenticate(request, 'read').then(
      () => true,
      (error) => !(error instanceof ApiError),
    ),
  ),
);

// Explicit, so that a HEAD never opens a stream that nobody reads.
export const HEAD = apiRoute({ operation: 'watchChanges' }, async () => new Response(null, { headers: { 'content-type': EVENT_STREAM } }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
