// The dashboard session as server components see it: null when signed out or
// when the session's API key has run out (then the user signs in again).
import { getServerSession, type Session } from 'next-auth';
import { redirect } from 'next/navigation';
import { now } from '../runtime/clock';
import { authOptions } from './options';
import { SIGN_IN_PATH, signInUrl } from './sign-in-path';

export async function currentSession(): Promise<Session | null> {
  const session = await getServerSession(authOptions());
  if (!session?.apiKey || new Date(session.apiKeyExpiresAt) <= now()) return null;
  return session;
}

/** The session, or a redirect to the sign-in page that comes back to `returnTo`. */
export async function requireSession(returnTo?: string): Promise<Session> {
  const session = await currentSession();
  if (!session) redirect(signInPath(returnTo));
  return session;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/pets';
}

function signInPath(returnTo?: string): string {
  return returnTo ? signInUrl(safeReturnPath(returnTo)) : SIGN_IN_PATH;
}
