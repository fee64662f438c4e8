// next-auth's endpoints (sign-in, sign-out, session, CSRF token) for the dashboard.
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ nextauth: string[] }> };

// The options are built on the first request, never during `next build`.
function handler(request: Request, context: Context) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
