// Single sign-on over OpenID Connect (docs/SSO.md): next-auth's OAuth provider pointed at
// the company's identity provider (discovery, the authorization code flow with PKCE,
// state and nonce; openid-client checks the ID token's issuer, audience, expiry and nonce),
// and what a sign-in through it makes of the person: their user here, with the role their
// groups map to. Nothing of a sign-in is kept in an instance's memory: the checks travel in
// encrypted cookies, so the callback may reach another instance than the start.
import { randomUUID } from 'node:crypto';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import type { Role } from '../contract/roles';
import { ROLES } from '../contract/roles';
import type { Config } from '../runtime/config';
import { db } from '../db/client';
import { actingAs, recordSignIn } from '../domain/activity';
import { normaliseEmail, userFromProvider, type User } from '../domain/users';
import { now } from '../runtime/clock';
import { log } from '../runtime/log';

export const OIDC_PROVIDER_ID = 'oidc';

/** A provider that does not answer within this is reported as down (the sign-in page says so). */
const PROVIDER_TIMEOUT_MS = 5_000;

type Claims = Record<string, unknown> & { sub: string; email?: string; email_verified?: boolean | string };

/** The provider, when single sign-on is configured. */
export function oidcProvider(settings: Config): OAuthConfig<Claims> | undefined {
  if (!settings.OIDC_ISSUER || !settings.OIDC_CLIENT_ID || !settings.OIDC_CLIENT_SECRET) return undefined;
  const issuer = settings.OIDC_ISSUER.replace(/\/+$/, '');
  return {
    id: OIDC_PROVIDER_ID,
    name: settings.OIDC_NAME,
    type: 'oauth',
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: settings.OIDC_CLIENT_ID,
    clientSecret: settings.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: settings.OIDC_SCOPES } },
    idToken: true,
    checks: ['pkce', 'state', 'nonce'],
    httpOptions: { timeout: PROVIDER_TIMEOUT_MS },
    // The person as the ID token names them (the provider's id), with no rights until
    // signInThroughProvider (the signIn callback) makes them a user here: their id and role.
    profile: (claims) => ({ id: claims.sub, email: claims.email ?? null, role: 'viewer', mustChangePassword: false }),
  };
}

/**
 * The role a person's groups give them: the highest of the mapped groups they are in, else
 * OIDC_DEFAULT_ROLE, else none (they are refused). The claim may be a list or one string.
 */
export function roleFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<Config, 'OIDC_ROLES_CLAIM' | 'OIDC_ROLE_MAP' | 'OIDC_DEFAULT_ROLE'>,
): Role | undefined {
  const value = claims[settings.OIDC_ROLES_CLAIM];
  const groups = new Set((Array.isArray(value) ? value : [value]).filter((group): group is string => typeof group === 'string'));
  const granted = (settings.OIDC_ROLE_MAP ?? []).filter(([group]) => groups.has(group)).map(([, role]) => role);
  if (granted.length === 0) return settings.OIDC_DEFAULT_ROLE;
  return granted.reduce((highest, role) => (ROLES.indexOf(role) > ROLES.indexOf(highest) ? role : highest));
}

/** Why a sign-in through the provider ended on the sign-in page (its `error`; sign-in-errors.ts words it). */
export type SsoRefusal = 'SsoEmailNotVerified' | 'SsoNoRole' | 'SsoDisabled' | 'SsoRemoved';

/**
 * The user a provider's sign-in is for, or why it is refused. The role changes, the new user
 * and the sign-in itself are recorded in the activity log under the name "single sign-on".
 */
export async function signInThroughProvider(claims: Record<string, unknown>, settings: Config): Promise<User | SsoRefusal> {
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
  const database = await db();
  const refuse = async (reason: SsoRefusal, userId?: number) => {
    await recordSignIn(database, { email, userId, isSuccess: false });
    log.warn({ reason }, 'single sign-on refused');
    return reason;
  };
  // Some providers send the flag as a string.
  if (!email || (claims.email_verified !== true && claims.email_verified !== 'true')) return refuse('SsoEmailNotVerified');
  const role = roleFromClaims(claims, settings);
  if (!role) return refuse('SsoNoRole');
  const actor = { keyId: null, userId: null, label: `single sign-on (${settings.OIDC_NAME})`, requestId: randomUUID(), needs: new Set<never>() };
  // A provider that sends no groups at all (Google) has no say on the role of someone known here.
  const keepsRole = !(settings.OIDC_ROLES_CLAIM in claims);
  const found = await actingAs(actor, () => userFromProvider(database, { email, role, at: now(), keepsRole }));
  if (!found.ok) return refuse(found.reason === 'disabled' ? 'SsoDisabled' : 'SsoRemoved');
  if (found.keptRole) log.warn({ userId: found.user.id, role: found.user.role, wanted: role }, `single sign-on kept the role: ${found.keptRole}`);
  await recordSignIn(database, { email, userId: found.user.id, isSuccess: true });
  return found.user;
}
