// Single sign-on in the browser (docs/SSO.md): a server of its own with the local OpenID
// provider (`npm run sso:dev`'s); each demo person signs in through the provider's login and
// consent pages and gets the role their groups give; someone in no mapped group reads why;
// a group changed at the provider gives the new role at the next sign-in; a user disabled
// here stays out; with passwords off the form is gone and a password POST is refused.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ROLE_MAP, startDevProvider, type DevProvider } from '../scripts/sso-dev/provider';
import { startServer, type TestServer } from '../tests/support/server';
import { inspectPage } from './support/inspect';

let provider: DevProvider;
let server: TestServer;
let passwordsOff: TestServer;

test.beforeAll(async () => {
  provider = await startDevProvider({ appUrls: [] });
  const env = {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Acme',
    OIDC_ROLE_MAP: DEMO_ROLE_MAP,
  };
  [server, passwordsOff] = await Promise.all([
    startServer({ database: 'postgres', env }),
    startServer({ database: 'postgres', env: { ...env, PASSWORD_SIGN_IN: 'off' } }),
  ]);
  provider.registerCallback(`${server.baseUrl}/api/auth/callback/oidc`);
  provider.registerCallback(`${passwordsOff.baseUrl}/api/auth/callback/oidc`);
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), passwordsOff?.stop()]);
  await provider?.stop();
});

/** Through the sign-in page's button, the provider's login (the person's id, any password) and its consent. */
async function signInAs(browser: Browser, login: string, baseUrl = server.baseUrl): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
  await page.goto('/signin?callbackUrl=%2Fpets');
  await page.getByRole('button', { name: 'Sign in with Acme' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

test('each demo person signs in through the provider with their role', async ({ browser }) => {
  for (const [login, navigation] of [
    ['ada', { users: true, activity: true, add: true }],
    ['eve', { users: true, activity: false, add: true }],
    ['vic', { users: true, activity: false, add: false }],
  ] as const) {
    const page = await signInAs(browser, login);
    await expect(page).toHaveURL(/\/pets$/);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Activity' })).toHaveCount(navigation.activity ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Add pet' })).toHaveCount(navigation.add ? 1 : 0);
    await page.context().close();
  }
});

test('someone in no mapped group is refused, and told why', async ({ browser }) => {
  const page = await signInAs(browser, 'nat');
  await expect(page).toHaveURL(/\/signin\?error=SsoNoRole/);
  await expect(page.getByText('You are not in any group that gives access to this dashboard')).toBeVisible();
  await inspectPage(page, 'sign-in-sso-refused');
  await page.context().close();
});

test('a group changed at the provider gives the new role at the next sign-in; a user disabled here stays out', async ({ browser }) => {
  let page = await signInAs(browser, 'vic');
  await expect(page.getByRole('button', { name: 'Add pet' })).toHaveCount(0);
  await page.context().close();
  provider.people.get('vic')!.groups.push('petstore-editors');
  page = await signInAs(browser, 'vic');
  await expect(page.getByRole('button', { name: 'Add pet' })).toBeVisible();
  await page.context().close();

  const admin = { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' };
  const users = (await (await fetch(`${server.baseUrl}/v1/users`, { headers: admin })).json()) as { id: number; email: string }[];
  const vic = users.find((user) => user.email === 'vic@acme.test')!;
  await fetch(`${server.baseUrl}/v1/users/${vic.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ disabled: true }) });
  page = await signInAs(browser, 'vic');
  await expect(page.getByText('Your account here is disabled')).toBeVisible();
  await page.context().close();
});

test('with passwords off, the sign-in page offers only the provider, and a password POST is refused', async ({ browser, request }) => {
  const page = await (await browser.newContext({ baseURL: passwordsOff.baseUrl })).newPage();
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in with Acme' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await inspectPage(page, 'sign-in-sso');
  await page.context().close();

  // A person with a password, right: still refused while passwords are off.
  const person = { email: 'has-a-password@acme.test', password: 'a password of theirs', role: 'viewer' };
  const made = await fetch(`${passwordsOff.baseUrl}/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${passwordsOff.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(made.status).toBe(201);
  const { csrfToken } = (await (await request.get(`${passwordsOff.baseUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const answer = await request.post(`${passwordsOff.baseUrl}/api/auth/callback/credentials`, {
    form: { csrfToken, email: person.email, password: person.password, json: 'true' },
  });
  expect(((await answer.json()) as { url: string }).url).toContain('error=PasswordSignInOff');
  expect((await request.get(`${passwordsOff.baseUrl}/api/auth/session`)).ok()).toBe(true);
  expect(await (await request.get(`${passwordsOff.baseUrl}/api/auth/session`)).json()).toEqual({});
});
