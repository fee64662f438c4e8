// OPTIONS answers for /v1 routes: 204 with the methods the route really serves.
// Next's built-in OPTIONS lists every exported handler, including the ones that
// only answer 405, so routes export this instead.
import { apiRoute } from './handler';

export function optionsAllowing(allowed: string[]) {
  const allow = allowed.join(', ');
  return apiRoute({ scope: null }, async () => new Response(null, { status: 204, headers: { allow } }));
}
