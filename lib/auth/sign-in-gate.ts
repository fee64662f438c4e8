// Sends a signed-out visitor of a dashboard page to the sign-in page, keeping
// where they were going (used by proxy.ts). A convenience only: the (admin)
// layout checks the session itself, and /v1 never looks at cookies (docs/ARCHITECTURE.md, "Authentication").
import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { authSecret } from './secret';
import { SIGN_IN_PATH } from './sign-in-path';

export async function requireSignIn(request: NextRequest): Promise<NextResponse> {
  const isSecure = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const token = await getToken({ req: request, secret: authSecret(), secureCookie: isSecure });
  if (token) return NextResponse.next();
  const signIn = new URL(SIGN_IN_PATH, request.url);
  signIn.searchParams.set('callbackUrl', request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(signIn);
}
