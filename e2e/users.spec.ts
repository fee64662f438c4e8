// Users: an admin adds a user from the dashboard; that user must replace the
// admin's first password at their first sign-in (it needs the current one);
// each user's last sign-in is listed; the list is a table on a desk.
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

test('a user an admin adds must replace the first password at their first sign-in, and their last sign-in is listed', async ({ browser }) => {
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
  const theirRow = adminPage.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(theirRow).toContainText('must change password');
  await expect(theirRow.getByRole('cell').nth(3)).toHaveText('Never');
  await inspectPage(adminPage, 'users');

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, 'first password');
  await expect(page).toHaveURL(/\/users$/);
  // The first password was the admin's: every page asks for their own first, as after a reset.
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your password was set by an admin' })).toBeVisible();
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

  await form.getByLabel('Repeat the new password').fill('second password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeHidden();
  await inspectPage(page, 'users-password-changed');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, email, 'first password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await signIn(page, email, 'second password');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeHidden();
  await context.close();

  await adminPage.reload();
  await expect(theirRow).toContainText('active');
  await expect(theirRow.getByRole('cell').nth(3).locator('time')).toBeVisible();
  await admin.close();
});

test('users and API keys are tables on a desk and cards on a phone', async ({ browser }) => {
  const context = await browser.newContext({ storageState: STORAGE_STATE, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  for (const [path, table] of [
    ['/users', 'Users'],
    ['/api-keys', 'API keys'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const card = page.getByRole('table', { name: table, exact: true }).locator('xpath=..');
    await expect(card).toHaveAttribute('data-stacked', 'false');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toHaveAttribute('data-stacked', 'true');
  }
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
