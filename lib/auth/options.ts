// next-auth for the dashboard: email + password sign-in (argon2id), a JWT
// session in an encrypted cookie, and a short-lived API key per session that
// the browser's typed client sends to /v1 as its bearer token. The key is
// revoked at sign-out; /v1 itself never reads the session cookie.
import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { createApiKey, revokeApiKey } from '../domain/api-keys';
import { scopesFor } from '../contract/api-keys';
import { ROLE_SCOPE } from '../contract/roles';
import { now } from '../runtime/clock';
import { config } from '../runtime/config';
import { db } from '../db/client';
import { log } from '../runtime/log';
import { admitSignInAttempt, forgetSignInFailures } from '../domain/sign-in-throttle';
import { normaliseEmail, noteSignIn, verifyCredentials } from '../domain/users';
import { recordSessionEvent, recordSignIn } from '../domain/activity';
import { authSecret } from './secret';
import { SIGN_IN_PATH, safeReturnPath } from './sign-in-path';
import { throttledError } from './throttled-error';
import { OIDC_PROVIDER_ID, oidcProvider, signInThroughProvider } from './oidc';
import { noteSignInFailure } from './sign-in-errors';
import { ACCOUNT_DISABLED, PASSWORD_SIGN_IN_OFF } from './sign-in-refusals';

/** How long a dashboard session, and its API key, lasts. */
const SESSION_HOURS = 12;
const SESSION_SECONDS = SESSION_HOURS * 60 * 60;

let options: AuthOptions | undefined;

export function authOptions(): AuthOptions {
  // Without NEXTAUTH_URL, next-auth 4 takes the origin from the Host header
  // (as it does on Vercel); that is what makes any host and port work.
  if (!config().NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';
  const settings = config();
  const sso = oidcProvider(settings);
  options ??= {
    secret: authSecret(),
    // Why a sign-in through the provider failed, for the sign-in page (sign-in-errors.ts).
    logger: { error: noteSignInFailure, warn: () => {}, debug: () => {} },
    session: { strategy: 'jwt', maxAge: SESSION_SECONDS },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      ...(sso ? [sso] : []),
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const database = await db();
          const admission = await admitSignInAttempt(database, credentials.email);
          if (!admission.admitted) {
            log.warn({ retryAfterSeconds: admission.retryAfterSeconds }, 'sign-in refused: too many failed attempts');
            await recordSessionEvent(database, { action: 'sign-in-throttled', email: normaliseEmail(credentials.email) });
            throw throttledError(admission.retryAfterSeconds);
          }
          const user = await verifyCredentials(database, credentials.email, credentials.password);
          // Recorded either way (a wrong password, an unknown email or a disabled account alike).
          await recordSignIn(database, { email: normaliseEmail(credentials.email), userId: user?.id, isSuccess: Boolean(user && !user.disabled) });
          if (!user) return null;
          if (user.disabled) throw new Error(ACCOUNT_DISABLED);
          if (settings.PASSWORD_SIGN_IN === 'off') {
            if (!user.breakGlass) throw new Error(PASSWORD_SIGN_IN_OFF);
            log.warn({ userId: user.id }, 'break-glass sign-in with a password while only single sign-on is on');
          }
          await forgetSignInFailures(database, user.email);
          return { id: String(user.id), email: user.email, role: user.role, mustChangePassword: user.mustChangePassword };
        },
      }),
    ],
    callbacks: {
      // A sign-in through the provider becomes this app's user, or lands on the sign-in page
      // saying why not. The credentials provider has decided already (authorize).
      async signIn({ user, account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const outcome = await signInThroughProvider({ ...profile }, settings);
        if (typeof outcome === 'string') return `${SIGN_IN_PATH}?error=${outcome}`;
        Object.assign(user, { id: String(outcome.id), email: outcome.email, role: outcome.role, mustChangePassword: false });
        return true;
      },
      // next-auth's own would follow any path that starts with a slash: only this site's.
      redirect({ url, baseUrl }) {
        return baseUrl + safeReturnPath(url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
      },
      async jwt({ token, user }) {
        // `user` is only present at sign-in: that is when the session's key is made. Its
        // scopes are the role's (a temporary password reads only, until it is replaced).
        if (user) {
          if (!/^[1-9]\d{0,15}$/.test(user.id)) throw new Error('A sign-in without a user of this app.');
          const database = await db();
          // Either way in (password or provider), this is the user's last sign-in.
          await noteSignIn(database, Number(user.id), now());
          // Its expiry by the database's clock, as every instance checks it.
          const { apiKey, secret } = await createApiKey(database, {
            name: `Dashboard session of ${user.email}`,
            scopes: scopesFor(user.mustChangePassword ? 'read' : ROLE_SCOPE[user.role]),
            lifetimeSeconds: SESSION_SECONDS,
            userId: Number(user.id),
            isSession: true,
          });
          token.apiKey = secret;
          token.apiKeyId = apiKey.id;
          token.apiKeyExpiresAt = apiKey.expiresAt!.toISOString();
          token.role = user.role;
          token.mustChangePassword = user.mustChangePassword;
        }
        return token;
      },
      async session({ session, token }) {
        session.apiKey = token.apiKey;
        session.apiKeyExpiresAt = token.apiKeyExpiresAt;
        session.role = token.role;
        session.mustChangePassword = token.mustChangePassword;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.apiKeyId !== 'number') return;
        const database = await db();
        await revokeApiKey(database, token.apiKeyId, now(), 'signed-out');
        const userId = Number(token.sub);
        if (token.email && Number.isSafeInteger(userId)) {
          await recordSessionEvent(database, { action: 'sign-out', email: token.email, userId, keyId: token.apiKeyId });
        }
        log.info({ keyId: token.apiKeyId }, 'dashboard session key revoked at sign-out');
      },
    },
  };
  return options;
}
