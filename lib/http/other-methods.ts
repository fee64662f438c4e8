// The methods a /v1 route does not implement: a JSON 405 with Allow, and
// OPTIONS answering 204 with the same Allow (Next's own would list every method).
import { ApiError } from './errors';
import { apiRoute } from './handler';

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHOD_ORDER)[number];

export function otherMethods(implemented: Method[]) {
  const served = new Set<Method>([...implemented, 'OPTIONS']);
  if (served.has('GET')) served.add('HEAD');
  const allow = METHOD_ORDER.filter((method) => served.has(method)).join(', ');
  const notAllowed = apiRoute({ scope: null }, async ({ request }) => {
    throw new ApiError('method_not_allowed', `${request.method} is not allowed here; allowed: ${allow}.`, {
      headers: { allow },
    });
  });
  const options = apiRoute({ scope: null }, async () => new Response(null, { status: 204, headers: { allow } }));
  return { POST: notAllowed, PUT: notAllowed, PATCH: notAllowed, DELETE: notAllowed, OPTIONS: options };
}
