// Every path under /v1 that names no operation: a JSON 404, never Next's HTML page.
import { ApiError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';

export const dynamic = 'force-dynamic';

const noSuchOperation = apiRoute({ scope: null }, async ({ request, url }) => {
  throw new ApiError('not_found', `No operation at ${request.method} ${url.pathname}; see /v1/openapi.json.`);
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
