// Signing in and out of the dashboard, and what a session may and may not do.
import { expect, test, type Page } from '@playwright/test';
import { ApiClientError } from '../lib/client/api-client';
import { ADMIN, apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';

async function signIn(page: Page, password: string, email = ADMIN.email): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a signed-out visitor is sent to sign in, and back to the page afterwards', async ({ page }) => {
  await page.goto('/orders?status=delivered');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Forders%3Fstatus%3Ddelivered$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the dashboard' })).toBeVisible();
  await inspectPage(page, 'signin');

  await signIn(page, 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, ADMIN.password);
  await expect(page).toHaveURL(/\/orders\?status=delivered$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('after five wrong passwords the form asks to wait, and says how long', async ({ page }) => {
  // Its own account: throttling the admin's would lock out the other tests.
  const email = `guesser-${Date.now()}@petstore.test`;
  await page.goto('/signin');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signIn(page, `guess ${attempt}`, email);
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await signIn(page, 'guess 6', email);
  await expect(page.getByRole('alert').filter({ hasText: 'Too many' })).toHaveText(/Too many failed attempts\. Try again in (30|[12]\d) seconds\./);
  await expect(page).toHaveURL(/\/signin/);
  await inspectPage(page, 'signin-throttled');
});

test('every dashboard page asks a signed-out visitor to sign in', async ({ page }) => {
  for (const path of ['/', '/pets', '/pets/1', '/orders', '/orders/1', '/api-keys']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/signin\?callbackUrl=/);
  }
});

test('the dashboard cookie does not authenticate /v1', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, ADMIN.password);
  await expect(page).toHaveURL(/\/pets$/);
  const response = await page.request.get('/v1/pets');
  expect(response.status()).toBe(401);
  expect(response.headers()['www-authenticate']).toContain('Bearer');
});

test('signing out ends the session and revokes its API key', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, ADMIN.password);
  await expect(page).toHaveURL(/\/pets$/);
  const { apiKey } = (await (await page.request.get('/api/auth/session')).json()) as { apiKey: string };
  expect((await apiClient(apiKey).listPets({ limit: 1 })).items).toHaveLength(1);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  const refused = await apiClient(apiKey)
    .listPets()
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiClientError);
  expect(refused).toMatchObject({ status: 401, code: 'unauthorized' });

  await page.goto('/pets');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fpets$/);
});
