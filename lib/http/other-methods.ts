// The methods a /v1 route does not implement: a JSON 405 with Allow, and
// OPTIONS answering 204 with the same Allow (Next's own would list every method).
import { ApiError } from './errors';
import { apiRoute } from './handler';
import { ALLOW, allowHeader, methodNotAllowed, type RouteMethod } from './methods.mjs';
import { noContent } from './respond';

export function otherMethods(implemented: RouteMethod[]) {
  const allow = allowHeader(implemented);
  const notAllowed = apiRoute({ scope: null }, async ({ request }) => {
    throw ApiError.of(methodNotAllowed(request.method, allow));
  });
  const options = Object.assign(
    apiRoute({ scope: null }, async () => noContent({ allow })),
    { [ALLOW]: allow },
  );
  return { POST: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}
