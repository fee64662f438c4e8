// Every path under /v1 that names no operation: a JSON 404, never Next's HTML page.
import { noOperation } from '@/lib/http/error-body.mjs';
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';

export const dynamic = 'force-dynamic';

const noSuchOperation = apiRoute({ operation: null }, async ({ request, url }) => {
  throw ApiError.of(noOperation(request.method, url.pathname));
});

export {
  noSuchOperation as GET,
  noSuchOperation as HEAD,
  noSuchOperation as POST,
  noSuchOperation as PUT,
  noSuchOperation as PATCH,
  noSuchOperation as DELETE,
  noSuchOperation as OPTIONS,
};
