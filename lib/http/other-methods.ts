// The methods a /v1 route does not implement: a JSON 405 with Allow, and
// OPTIONS answering 204 with the same Allow (Next's own would list every method).
import { ApiError } from './errors';
import { apiRoute } from './handler';
import { ALLOW, allowHeader, methodNotAllowed, type RouteMethod } from './methods.mjs';
import { noContent } from './respond';

/** Methods the route takes only when the query has `parameter` (the pets collection's batch operations on `?id=`). */
export type QueryMethods = { parameter: string; methods: RouteMethod[] };

/**
 * @param implemented what the route takes whatever the query
 * @param byQuery what it takes besides when the query names a parameter: Allow
 *   names every method the URI (path and query) is served by
 */
export function otherMethods(implemented: RouteMethod[], byQuery?: QueryMethods) {
  const plain = allowHeader(implemented);
  const withQuery = byQuery ? allowHeader([...implemented, ...byQuery.methods]) : plain;
  const allowFor = (url: URL) => (byQuery && url.searchParams.has(byQuery.parameter) ? withQuery : plain);
  const notAllowed = apiRoute({ operation: null }, async ({ request, url }) => {
    throw ApiError.of(methodNotAllowed(request.method, allowFor(url)));
  });
  const options = Object.assign(
    apiRoute({ operation: null }, async ({ url }) => noContent({ allow: allowFor(url) })),
    { [ALLOW]: allowFor },
  );
  return { POST: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}
