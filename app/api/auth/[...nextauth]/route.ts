// next-auth's endpoints (sign-in, sign-out, session, CSRF token, the provider's callback) for the dashboard.
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { withSignInFailures } from '@/lib/auth/sign-in-errors';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built on the first request, never during `next build`.
function handler(request: Request, context: Context) {
  return withSignInFailures(() => NextAuth(authOptions())(request, context));
}

export { handler as GET, handler as POST };
