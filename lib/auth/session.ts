// The dashboard session as server components see it: null when signed out, and
// ended (with the reason) when its API key no longer works: revoked (signed out
// elsewhere, password changed, disabled, role changed, deleted) or expired. The
// key is checked as /v1 checks it (the process's key cache, told of every
// revocation on every instance), so a page and its /v1 calls never disagree:
// the sign-in page never sends an ended session back to a page (no loop).
// While the database is unreachable the key cannot be checked: the signed
// session cookie is taken as it is, so that the dashboard's frame still renders
// and says what is wrong. Nothing is shown that /v1 would not also answer (it
// answers 503 until the database is back, and 401 then if the key has ended).
import { getServerSession, type Session } from 'next-auth';
import { redirect } from 'next/navigation';
import { processKeyCache } from '../domain/api-key-cache';
import { checkApiKey } from '../domain/api-key-check';
import { revocationReason, type RevokeReason } from '../domain/api-keys';
import { db } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { now } from '../runtime/clock';
import { authOptions } from './options';
import { SIGN_IN_PATH, safeReturnPath, signInUrl } from './sign-in-path';

export type SessionState = { status: 'active'; session: Session } | { status: 'ended'; reason: RevokeReason | 'expired' } | { status: 'none' };

export async function sessionState(): Promise<SessionState> {
  const session = await getServerSession(authOptions());
  if (!session?.apiKey) return { status: 'none' };
  // A session from before roles knows no role: it signs in again and gets one.
  if (!session.role) return { status: 'ended', reason: 'role-changed' };
  try {
    const database = await db();
    const check = await checkApiKey(database, session.apiKey, now(), processKeyCache());
    if (check.ok) return { status: 'active', session };
    if (check.reason === 'revoked') return { status: 'ended', reason: (await revocationReason(database, session.apiKey)) ?? 'revoked' };
    // An unknown key: its user was deleted with it, or the database was reset.
    return { status: 'ended', reason: check.reason === 'expired' ? 'expired' : 'deleted' };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { status: 'active', session };
    throw error;
  }
}

export async function currentSession(): Promise<Session | null> {
  const state = await sessionState();
  return state.status === 'active' ? state.session : null;
}

/** The session, or a redirect to the sign-in page (saying why an ended one ended) that comes back to `returnTo`. */
export async function requireSession(returnTo?: string): Promise<Session> {
  const state = await sessionState();
  if (state.status === 'active') return state.session;
  redirect(signInPath(returnTo));
}

function signInPath(returnTo?: string): string {
  return returnTo ? signInUrl(safeReturnPath(returnTo)) : SIGN_IN_PATH;
}
