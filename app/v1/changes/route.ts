// GET /v1/changes (watchChanges): experimental; a Server-Sent Events stream of what changes.
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { changeStream } from '@/lib/http/event-stream';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ request }) => changeStream(request.signal));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
