// Users: an admin adds a user from the dashboard; that user signs in and
// changes their own password, which needs the current one.
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin?callbackUrl=%2Fusers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin adds a user, who signs in and changes their password', async ({ browser }) => {
  const email = `keeper-${Date.now()}@petstore.test`;
  const admin = await browser.newContext({ storageState: STORAGE_STATE });
  const adminPage = await admin.newPage();
  await adminPage.goto('/pets');
  await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Users' }).click();
  await expect(adminPage).toHaveURL(/\/users$/);
  const addUser = adminPage.locator('form', { hasText: 'Add a user' });
  await addUser.getByLabel('Email').fill(email);
  await addUser.getByLabel('First password').fill('short');
  await addUser.getByRole('button', { name: 'Add user' }).click();
  await expect(addUser.getByLabel('First password')).toHaveAccessibleDescription('Password must be at least 8 characters.');
  await addUser.getByLabel('First password').fill('first password');
  await addUser.getByRole('button', { name: 'Add user' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: `${email} can now sign in` })).toBeVisible();
  await expect(adminPage.getByRole('table', { name: 'Users' })).toContainText(email);
  await inspectPage(adminPage, 'users');
  await admin.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, 'first password');
  await expect(page).toHaveURL(/\/users$/);
  const form = page.locator('form', { hasText: 'Current password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password', { exact: true }).fill('second password');
  await form.getByLabel('Repeat the new password').fill('second password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Current password')).toHaveAccessibleDescription('Current password is not correct.');

  await form.getByLabel('Current password').fill('first password');
  await form.getByLabel('Repeat the new password').fill('second passwort');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByLabel('Repeat the new password')).toHaveAccessibleDescription('The repeated password does not match the new password.');

  await form.getByLabel('New password', { exact: true }).fill('second password');
  await form.getByLabel('Repeat the new password').fill('second password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  await inspectPage(page, 'users-password-changed');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, email, 'first password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await signIn(page, email, 'second password');
  await expect(page).toHaveURL(/\/users$/);
  await context.close();
});

test('an admin finds a user by part of their email', async ({ browser }) => {
  const { page, email } = await signInAs(browser, 'admin');
  await page.goto('/users');
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await page.getByLabel('Search users').fill(email.slice(0, -3).toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await page.getByLabel('Search users').fill('no-such-user-anywhere');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('No user’s email contains “no-such-user-anywhere”.')).toBeVisible();
  await inspectPage(page, 'users-search-empty');
  await page.context().close();
});
