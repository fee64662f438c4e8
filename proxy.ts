// Runs before routing, for /v1 only, and only to keep the API's promise that
// every answer is a JSON Error: Next itself answers a path with broken
// percent-encoding (/v1/pets/%zz) with a plain-text 500, and a method its
// route handlers cannot take (PROPFIND) likewise, before any handler runs. Such requests name no resource,
// so refusing them before the bearer check reveals nothing. No auth here
// (DESIGN.md): keys are checked in the handlers.
import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import type { ErrorBody } from '@/lib/contract/errors';

// The methods Next's route handlers can receive; anything else crashes its router.
const ROUTABLE_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function proxy(request: NextRequest) {
  if (!ROUTABLE_METHODS.has(request.method)) {
    // No Allow header: which methods a path takes is the route's to say (OPTIONS
    // on the path answers it); this only knows the method is none of them.
    return refuse(405, 'method_not_allowed', `${request.method} is not a method this API supports; see OPTIONS or /v1/openapi.json.`);
  }
  if (!isWellEncoded(request.nextUrl.pathname)) {
    return refuse(400, 'invalid_request', 'The URL path is not valid percent-encoded UTF-8.');
  }
  return NextResponse.next();
}

export const config = { matcher: ['/v1', '/v1/:path*'] };

function isWellEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function refuse(status: number, code: ErrorBody['code'], message: string, headers: Record<string, string> = {}) {
  const body: ErrorBody = { code, message, status };
  return NextResponse.json(body, {
    status,
    headers: { 'cache-control': 'no-store', 'x-request-id': randomUUID(), 'x-content-type-options': 'nosniff', ...headers },
  });
}
