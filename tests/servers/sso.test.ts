// Single sign-on over OpenID Connect (docs/SSO.md), over HTTP as a browser signs in: a real
// provider on loopback (oidc-provider, the one `npm run sso:dev` starts) and its login and
// consent pages; groups decide the role at every sign-in; the app keeps the last word
// (disabled, deleted); every failure lands on the sign-in page with a sentence. A provider
// that answers falsely (tests/support/rogue-oidc-provider.ts) is refused, and a fleet
// finishes on another instance a sign-in one began, with passwords off.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ROLE_MAP, startDevProvider, type DevProvider } from '../../scripts/sso-dev/provider';
import { startRogueProvider, type RogueProvider } from '../support/rogue-oidc-provider';
import { createTestDatabase, startServer, type TestServer } from '../support/server';
import { signInWithSso, type SsoSignIn } from '../support/sso';

const NEXTAUTH_SECRET = randomBytes(32).toString('hex');
const ssoEnvironment = (provider: { issuer: string; clientId: string; clientSecret: string }) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  OIDC_NAME: 'Acme',
  OIDC_SCOPES: 'openid email profile',
  OIDC_ROLE_MAP: DEMO_ROLE_MAP,
  NEXTAUTH_SECRET,
});

type Session = { role?: string; apiKey?: string; user?: { email?: string } };

async function sessionOf(server: TestServer, signIn: SsoSignIn): Promise<Session> {
  if (!signIn.sessionCookie) return {};
  const answer = await fetch(`${server.baseUrl}/api/auth/session`, { headers: { cookie: signIn.sessionCookie } });
  return (await answer.json()) as Session;
}

const asAdmin = (server: TestServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json', ...init.headers } });

async function userIdOf(server: TestServer, email: string): Promise<number> {
  const users = (await (await asAdmin(server, '/v1/users')).json()) as { id: number; email: string }[];
  return users.find((user) => user.email === email)!.id;
}

/** The sign-in page the browser landed on, and the sentence it shows. */
async function refusal(signIn: SsoSignIn, server: TestServer): Promise<{ error: string | null; page: string }> {
  const page = await (await fetch(new URL(signIn.landedAt.pathname + signIn.landedAt.search, server.baseUrl))).text();
  return { error: signIn.landedAt.searchParams.get('error'), page };
}

describe('single sign-on through a real provider', () => {
  let provider: DevProvider;
  let server: TestServer;
  const signIn = (login: string, options: { consent?: boolean } = {}) => signInWithSso({ startUrl: server.baseUrl, login, ...options });

  beforeAll(async () => {
    // The server's address is known once it runs; the provider's client takes any loopback port's callback.
    provider = await startDevProvider({ appUrls: [] });
    server = await startServer({ database: 'postgres', env: ssoEnvironment(provider) });
    provider.registerCallback(`${server.baseUrl}/api/auth/callback/oidc`);
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  it.each([
    ['ada', 'admin'],
    ['eve', 'editor'],
    ['vic', 'viewer'],
  ])('signs %s in with the role their groups give (%s), a session key to match, and no password', async (login, role) => {
    const signedIn = await signIn(login);
    expect(signedIn.landedAt.pathname).toBe('/pets');
    const session = await sessionOf(server, signedIn);
    expect(session.role).toBe(role);
    // The session's key holds the role's rights on /v1, and no more.
    const users = await fetch(`${server.baseUrl}/v1/users`, { headers: { authorization: `Bearer ${session.apiKey}` } });
    expect(users.status).toBe(role === 'admin' ? 200 : 403);
    // No password was set: a password sign-in for them cannot succeed.
    const password = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: `${login}@acme.test`, password: 'any password', json: 'true' }),
      redirect: 'manual',
    });
    expect(password.headers.getSetCookie().some((cookie) => cookie.includes('session-token='))).toBe(false);
  });

  it('refuses someone in no mapped group, with a sentence on the sign-in page', async () => {
    const refused = await signIn('nat');
    expect(refused.sessionCookie).toBeUndefined();
    const { error, page } = await refusal(refused, server);
    expect(error).toBe('SsoNoRole');
    expect(page).toContain('You are not in any group that gives access to this dashboard');
  });

  it('gives the new role at the next sign-in when the groups change at the provider, and logs it', async () => {
    await signIn('vic');
    provider.people.get('vic')!.groups.push('petstore-editors');
    try {
      expect((await sessionOf(server, await signIn('vic'))).role).toBe('editor');
    } finally {
      provider.people.get('vic')!.groups = ['staff'];
    }
    const entries = (await (await asAdmin(server, '/v1/activity?resource=user&limit=50')).json()) as {
      action: string;
      actor: { label?: string };
      before?: { role?: string };
      after?: { role?: string };
    }[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'update',
        actor: expect.objectContaining({ label: 'single sign-on (Acme)' }),
        before: { role: 'viewer' },
        after: { role: 'editor' },
      }),
    );
  });

  it('keeps a user disabled here out, and one deleted here, whatever the provider says', async () => {
    await signIn('eve');
    const id = await userIdOf(server, 'eve@acme.test');
    expect((await asAdmin(server, `/v1/users/${id}`, { method: 'PATCH', body: JSON.stringify({ disabled: true }) })).status).toBe(200);
    const disabled = await refusal(await signIn('eve'), server);
    expect(disabled.error).toBe('SsoDisabled');
    expect(disabled.page).toContain('Your account here is disabled');

    expect((await asAdmin(server, `/v1/users/${id}`, { method: 'DELETE' })).status).toBe(204);
    const removed = await refusal(await signIn('eve'), server);
    expect(removed.error).toBe('SsoRemoved');
    // An admin adding them again lets them back in.
    const added = await asAdmin(server, '/v1/users', {
      method: 'POST',
      body: JSON.stringify({ email: 'eve@acme.test', password: randomBytes(12).toString('hex'), role: 'viewer' }),
    });
    expect(added.status).toBe(201);
    expect((await sessionOf(server, await signIn('eve'))).role).toBe('editor');
  });

  it('says so when the person denies consent at the provider', async () => {
    const denied = await refusal(await signIn('ada', { consent: false }), server);
    expect(denied.error).toBe('SsoDenied');
    expect(denied.page).toContain('The sign-in was cancelled at Acme');
  });

  it('refuses an email the provider has not verified', async () => {
    provider.people.get('vic')!.emailVerified = false;
    try {
      const unverified = await refusal(await signIn('vic'), server);
      expect(unverified.error).toBe('SsoEmailNotVerified');
      expect(unverified.page).toContain('has not verified your email address');
    } finally {
      provider.people.get('vic')!.emailVerified = true;
    }
  });

  it('shows the provider button beside the password form', async () => {
    const page = await (await fetch(`${server.baseUrl}/signin`)).text();
    expect(page).toContain('Sign in with Acme');
    expect(page).toContain('name="password"');
  });
});

describe('single sign-on against a provider that answers falsely', () => {
  let rogue: RogueProvider;
  let server: TestServer;

  beforeAll(async () => {
    rogue = await startRogueProvider();
    server = await startServer({ database: 'postgres', env: ssoEnvironment(rogue) });
  });
  afterAll(async () => {
    await server?.stop();
    await rogue?.stop();
  });

  it.each([
    ['audience', 'SsoTokenRejected'],
    ['issuer', 'SsoTokenRejected'],
    ['expired', 'SsoTokenRejected'],
    ['nonce', 'SsoCheckFailed'],
    ['unverified-email', 'SsoEmailNotVerified'],
    ['client-secret', 'SsoClientRejected'],
  ] as const)('refuses an ID token with a wrong %s, and says why', async (tamper, error) => {
    rogue.tamper(tamper);
    const answer = await signInWithSso({ startUrl: server.baseUrl, login: 'rogue' });
    expect(answer.sessionCookie).toBeUndefined();
    expect((await refusal(answer, server)).error).toBe(error);
  });

  it('says the provider did not answer within 6 s when it stops answering', async () => {
    rogue.tamper('no-answer');
    const started = performance.now();
    const answer = await signInWithSso({ startUrl: server.baseUrl, login: 'rogue' });
    expect(performance.now() - started).toBeLessThan(6_000);
    const { error, page } = await refusal(answer, server);
    expect(error).toBe('SsoProviderDown');
    expect(page).toContain('Acme did not answer in time');
  });

  it('signs in when nothing is wrong (the control)', async () => {
    rogue.tamper('none');
    const answer = await signInWithSso({ startUrl: server.baseUrl, login: 'rogue' });
    expect(answer.landedAt.pathname).toBe('/pets');
    expect((await sessionOf(server, answer)).role).toBe('admin');
  });

  it('says the provider did not answer when it is stopped', async () => {
    await rogue.stop();
    const started = performance.now();
    const answer = await signInWithSso({ startUrl: server.baseUrl, login: 'rogue' });
    expect(performance.now() - started).toBeLessThan(6_000);
    expect((await refusal(answer, server)).error).toBe('SsoProviderDown');
  });
});

describe('single sign-on across a fleet, with passwords off', () => {
  // As behind a load balancer: both instances know the public address, and share the secret and the database.
  const PUBLIC_URL = 'http://petstore.fleet.test';
  let provider: DevProvider;
  let database: { url: string; drop: () => Promise<void> };
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    provider = await startDevProvider({ appUrls: [PUBLIC_URL] });
    database = await createTestDatabase();
    const env = { ...ssoEnvironment(provider), NEXTAUTH_URL: PUBLIC_URL, PASSWORD_SIGN_IN: 'off' };
    first = await startServer({ database: 'postgres', databaseUrl: database.url, env });
    second = await startServer({ database: 'postgres', databaseUrl: database.url, env });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await provider?.stop();
    await database?.drop();
  });

  it('finishes on the second instance a sign-in begun on the first', async () => {
    const answer = await signInWithSso({ startUrl: first.baseUrl, callbackUrl: second.baseUrl, publicUrl: PUBLIC_URL, login: 'ada' });
    expect(answer.landedAt.pathname).toBe('/pets');
    expect((await sessionOf(second, answer)).role).toBe('admin');
    expect((await sessionOf(first, answer)).role).toBe('admin');
  });

  it('offers only the provider, refuses a password, and lets a break-glass admin made with the CLI in', async () => {
    const page = await (await fetch(`${first.baseUrl}/signin`)).text();
    expect(page).toContain('Sign in with Acme');
    expect(page).not.toContain('name="password"');

    const password = randomBytes(12).toString('hex');
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const run = promisify(execFile);
    await run(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'scripts/user.ts', 'create', '--email', 'viewer@shop.test', '--role', 'viewer', '--password', password],
      { env },
    );
    await run(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'scripts/user.ts', 'create', '--email', 'glass@shop.test', '--break-glass', '--password', password],
      { env },
    );
    const tryPassword = async (email: string) => {
      const csrf = await fetch(`${first.baseUrl}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const answer = await fetch(`${first.baseUrl}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
        redirect: 'manual',
      });
      // With json=true, as next-auth's own client asks, the redirect comes as { url }.
      const { url } = (await answer.json()) as { url: string };
      return { location: url, signedIn: answer.headers.getSetCookie().some((line) => line.includes('session-token=')) };
    };
    const refused = await tryPassword('viewer@shop.test');
    expect(refused.signedIn).toBe(false);
    expect(refused.location).toContain('error=PasswordSignInOff');
    expect((await tryPassword('glass@shop.test')).signedIn).toBe(true);
    // The break-glass account is in the activity log, as made.
    const entries = (await (await asAdmin(first, '/v1/activity?resource=user&limit=50')).json()) as { action: string; after?: Record<string, unknown> }[];
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'create', after: expect.objectContaining({ email: 'glass@shop.test', break_glass: true }) }),
    );
  });
});
