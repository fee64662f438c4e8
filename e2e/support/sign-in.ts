// Signing in through the sign-in page, in a browser context of its own, landing on /pets.
import { expect, type Browser, type Page } from '@playwright/test';
import { PetstoreClient } from '../../lib/client/api-client';
import type { Role } from '../../lib/contract/roles';
import { signInToDashboard } from '../../tests/support/dashboard-session';
import { apiClient } from './fixtures';

const PASSWORD = 'a role spec password';

/** An existing user, signed in. */
export async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signin?callbackUrl=%2Fpets');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/pets$/);
  return page;
}

/**
 * A user added by an admin over the API, who has replaced the first password (as they must
 * at their first sign-in, docs/ROLES.md) with `password`; their id.
 */
export async function addUser(email: string, password: string, role: Role): Promise<number> {
  const firstPassword = `first ${password}`;
  const user = await apiClient().createUser({ email, password: firstPassword, role });
  const firstSession = await signInToDashboard(process.env.E2E_BASE_URL!, email, firstPassword);
  const asThem = new PetstoreClient({ baseUrl: process.env.E2E_BASE_URL!, apiKey: firstSession!.apiKey });
  await asThem.changeOwnPassword({ currentPassword: firstPassword, newPassword: password });
  await asThem.endOwnSessions();
  return user.id;
}

/** A new user of the given role, signed in. */
export async function signInAs(browser: Browser, role: Role): Promise<{ page: Page; email: string }> {
  const email = `role-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@petstore.test`;
  await addUser(email, PASSWORD, role);
  return { page: await signIn(browser, email, PASSWORD), email };
}
