// Signing in through the sign-in page, in a browser context of its own, landing on /pets.
import { expect, type Browser, type Page } from '@playwright/test';
import type { Role } from '../../lib/contract/roles';
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

/** A new user of the given role, signed in. */
export async function signInAs(browser: Browser, role: Role): Promise<{ page: Page; email: string }> {
  const email = `role-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@petstore.test`;
  await apiClient().createUser({ email, password: PASSWORD, role });
  return { page: await signIn(browser, email, PASSWORD), email };
}
