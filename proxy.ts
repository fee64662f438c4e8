// Runs before routing, for the dashboard's pages only: a signed-out visitor is
// sent to sign in (lib/auth/sign-in-gate.ts). Not on /v1: keys are checked in
// the handlers (docs/ARCHITECTURE.md), and the malformed requests Next cannot route are
// answered in JSON by the front door in server.mjs, at no cost to the rest.
import { type NextRequest } from 'next/server';
import { requireSignIn } from '@/lib/auth/sign-in-gate';

export function proxy(request: NextRequest) {
  return requireSignIn(request);
}

// The dashboard's pages (/docs and /signin are open to all).
export const config = { matcher: ['/', '/pets/:path*', '/orders/:path*', '/api-keys/:path*', '/categories/:path*', '/users/:path*', '/activity/:path*'] };
