// Dashboard sign-in through next-auth's own endpoints, as the sign-in form
// calls them (CSRF token, then the credentials callback): CSRF protection and
// throttling after failures; and the throttling schedule itself, against the
// database with a clock of the test's own.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { throttledRetryAfter } from '@/lib/auth/throttled-error';
import { signInFailures } from '@/lib/db/schema';
import { admitSignInAttempt, delayAfterFailures, FREE_ATTEMPTS, forgetSignInFailures } from '@/lib/domain/sign-in-throttle';
import { createUser } from '@/lib/domain/users';
import { api } from '../support/api';
import { runCli } from '../support/cli';
import { openTestDatabase } from '../support/database';
import { serverWithData, type SeededServer } from '../support/seeded-server';
import { addUser, suiteServerWith } from '../support/suite-users';

const PASSWORD = 'a long enough password';

type SignInResult = { ok: true } | { ok: false; error: string };

/** Signs in as the sign-in form does (next-auth's signIn with redirect: false). */
async function signIn(baseUrl: string, email: string, password: string): Promise<SignInResult> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ email, password, csrfToken, json: 'true' }),
    redirect: 'manual',
  });
  const { url } = (await response.json()) as { url: string };
  const error = new URL(url).searchParams.get('error');
  return error ? { ok: false, error } : { ok: true };
}

const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@throttle.test`;

describe('sign-in throttling over HTTP', () => {
  let server: SeededServer<{ email: string; other: string }>;

  beforeAll(async () => {
    const email = uniqueEmail('user');
    const other = uniqueEmail('other');
    for (const address of [email, other]) await addUser(address, PASSWORD, 'viewer');
    server = suiteServerWith({ email, other });
  });

  it('after five failures even the right password waits, while other accounts are untouched', async () => {
    const { email, other } = server.seed;
    for (let attempt = 1; attempt <= FREE_ATTEMPTS; attempt += 1) {
      expect(await signIn(server.baseUrl, email, 'wrong password'), `attempt ${attempt}`).toEqual({ ok: false, error: 'CredentialsSignin' });
    }
    const refused = await signIn(server.baseUrl, email, PASSWORD);
    expect(refused.ok).toBe(false);
    const retryAfter = throttledRetryAfter(!refused.ok ? refused.error : undefined);
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // The email is matched as it is stored: case and spaces do not dodge the count.
    const variant = await signIn(server.baseUrl, ` ${email.toUpperCase()} `, PASSWORD);
    expect(throttledRetryAfter(!variant.ok ? variant.error : undefined)).toBeDefined();

    expect(await signIn(server.baseUrl, other, PASSWORD)).toEqual({ ok: true });
  });

  it('tells a disabled user who typed the right password that the account is disabled; a wrong one learns nothing', async () => {
    const email = uniqueEmail('disabled');
    const id = await addUser(email, PASSWORD, 'viewer');
    expect((await api('PATCH', `/v1/users/${id}`, { json: { disabled: true } })).status).toBe(200);
    expect(await signIn(server.baseUrl, email, PASSWORD)).toEqual({ ok: false, error: 'AccountDisabled' });
    expect(await signIn(server.baseUrl, email, 'wrong password')).toEqual({ ok: false, error: 'CredentialsSignin' });
  });

  it('refuses a sign-in without the CSRF token, even with the right password', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: server.seed.other, password: PASSWORD, csrfToken: 'forged', json: 'true' }),
      redirect: 'manual',
    });
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).searchParams.get('csrf')).toBe('true');
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes('session-token'))).toBe(false);
  });

  it('a successful sign-in forgets the failures before it', async () => {
    const { other } = server.seed;
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 1; attempt < FREE_ATTEMPTS; attempt += 1) {
        expect(await signIn(server.baseUrl, other, 'wrong password')).toEqual({ ok: false, error: 'CredentialsSignin' });
      }
      expect(await signIn(server.baseUrl, other, PASSWORD), `round ${round}`).toEqual({ ok: true });
    }
  });

  it('an unknown email is throttled the same way, so the answers do not tell which accounts exist', async () => {
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= FREE_ATTEMPTS; attempt += 1) {
      expect(await signIn(server.baseUrl, email, 'a guess')).toEqual({ ok: false, error: 'CredentialsSignin' });
    }
    const refused = await signIn(server.baseUrl, email, 'a guess');
    expect(throttledRetryAfter(!refused.ok ? refused.error : undefined)).toBeGreaterThan(20);
  });

  it('a burst of concurrent guesses gets no more than the free attempts checked', async () => {
    const email = uniqueEmail('burst');
    const results = await Promise.all(Array.from({ length: 15 }, () => signIn(server.baseUrl, email, 'a guess')));
    const errors = results.map((result) => (result.ok ? 'signed in' : result.error));
    expect(errors.filter((error) => error === 'CredentialsSignin')).toHaveLength(FREE_ATTEMPTS);
    expect(errors.filter((error) => throttledRetryAfter(error) !== undefined)).toHaveLength(15 - FREE_ATTEMPTS);
  }, 60_000);
});

// The CLI writes while the server runs: PostgreSQL only (one process per PGlite folder).
describe.skipIf(inject('database') !== 'postgres')('npm run user -- set-password', () => {
  it('lifts the wait of a throttled account at once', async () => {
    const email = uniqueEmail('reset');
    const server = await serverWithData((database) => createUser(database, { email, password: PASSWORD }));
    for (let attempt = 0; attempt <= FREE_ATTEMPTS; attempt += 1) await signIn(server.baseUrl, email, 'wrong password');
    const refused = await signIn(server.baseUrl, email, PASSWORD);
    expect(throttledRetryAfter(!refused.ok ? refused.error : undefined)).toBeDefined();

    const newPassword = 'the new long password';
    const { stderr } = await runCli('scripts/user.ts', 'set-password', '--email', email, '--password', newPassword);
    expect(stderr).toContain('failed sign-ins forgotten');
    expect(await signIn(server.baseUrl, email, newPassword)).toEqual({ ok: true });
  }, 120_000);
});

describe('the throttling schedule', () => {
  const seconds = (at: Date, count: number) => new Date(at.getTime() + count * 1000);

  it('waits 30 s after the fifth failure, doubling to at most 15 min', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 50].map(delayAfterFailures)).toEqual([0, 0, 30, 60, 120, 480, 900, 900]);
  });

  it('refuses attempts until the wait is over without counting them, and forgets an hour-old count', async () => {
    const { database, close } = await openTestDatabase();
    const email = uniqueEmail('clock');
    const start = new Date('2030-01-01T00:00:00Z');
    try {
      for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt += 1) {
        expect(await admitSignInAttempt(database, email, seconds(start, attempt))).toEqual({ admitted: true });
      }
      const lastFailure = seconds(start, FREE_ATTEMPTS - 1);
      // Refused attempts while waiting do not lengthen the wait.
      expect(await admitSignInAttempt(database, email, seconds(lastFailure, 10))).toEqual({ admitted: false, retryAfterSeconds: 20 });
      expect(await admitSignInAttempt(database, email, seconds(lastFailure, 29.5))).toEqual({ admitted: false, retryAfterSeconds: 1 });
      // The sixth attempt, once the 30 s are over, is let through and earns 60 s.
      expect(await admitSignInAttempt(database, email, seconds(lastFailure, 30))).toEqual({ admitted: true });
      expect(await admitSignInAttempt(database, email, seconds(lastFailure, 31))).toEqual({ admitted: false, retryAfterSeconds: 59 });
      // An hour and more without attempts: the count starts again.
      const muchLater = seconds(lastFailure, 30 + 3601);
      for (let attempt = 0; attempt < FREE_ATTEMPTS; attempt += 1) {
        expect(await admitSignInAttempt(database, email, seconds(muchLater, attempt))).toEqual({ admitted: true });
      }
      expect((await admitSignInAttempt(database, email, seconds(muchLater, FREE_ATTEMPTS))).admitted).toBe(false);
      // A success (or a password reset) forgets it all.
      await forgetSignInFailures(database, email);
      expect(await admitSignInAttempt(database, email, seconds(muchLater, FREE_ATTEMPTS))).toEqual({ admitted: true });
      // Guesses at other emails leave nothing behind: an attempt deletes every row an hour old.
      const stranger = uniqueEmail('stranger');
      await admitSignInAttempt(database, stranger, muchLater);
      const rowsOf = async (address: string) => (await database.select().from(signInFailures).where(eq(signInFailures.email, address))).length;
      expect(await rowsOf(stranger)).toBe(1);
      await admitSignInAttempt(database, email, seconds(muchLater, FREE_ATTEMPTS + 3601));
      expect(await rowsOf(stranger)).toBe(0);
    } finally {
      await close();
    }
  });
});
