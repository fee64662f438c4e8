// Where sign-in returns to (lib/auth/sign-in-path.ts): only this site's paths, after the URL
// parser has normalised them; every dashboard page keeps its own through the sign-in.
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { addUser } from '../support/suite-users';

const PASSWORD = 'a sign-in return test password';
const PHISHING = '/\t/evil.example/phish';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');

describe('the path sign-in returns to', () => {
  it('sends a sign-in asked to return to another host to the pets list', async () => {
    const baseUrl = inject('baseUrl');
    const email = `return-${randomBytes(6).toString('hex')}@sign-in-return.test`;
    await addUser(email, PASSWORD, 'viewer');
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(csrf) },
      body: new URLSearchParams({ email, password: PASSWORD, csrfToken, callbackUrl: PHISHING, json: 'true' }),
      redirect: 'manual',
    });
    const { url } = (await response.json()) as { url: string };
    expect(new URL(url).host).toBe(new URL(baseUrl).host);
    expect(new URL(url).pathname).toBe('/pets');
  });

  it.each([encodeURIComponent(PHISHING), '%2F%0A%2Fevil.example'])(
    'serves the sign-in page for callbackUrl=%s, returning to the pets list',
    async (callbackUrl) => {
      const response = await fetch(`${inject('baseUrl')}/signin?callbackUrl=${callbackUrl}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      // The form's return path, in the page's serialised props.
      expect((await response.text()).replaceAll('\\"', '"')).toContain('"returnTo":"/pets"');
    },
  );

  it.each(['/users', '/activity', '/categories'])('keeps %s as the return path of a signed-out visit', async (page) => {
    const response = await fetch(`${inject('baseUrl')}${page}`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!, inject('baseUrl')).searchParams.get('callbackUrl')).toBe(page);
  });
});
