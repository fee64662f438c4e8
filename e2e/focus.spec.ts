// Where keyboard focus goes when a dialog closes or sign-in fails: never lost to <body>.
import { expect, test } from '@playwright/test';
import { ADMIN, STORAGE_STATE } from './support/fixtures';

test.describe('signed in', () => {
  test.use({ storageState: STORAGE_STATE });

  test('closing the Add pet dialog with Escape returns focus to the Add pet button', async ({ page }) => {
    await page.goto('/pets');
    const opener = page.getByRole('button', { name: 'Add pet' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add a pet' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('adding a pet returns focus to the Add pet button', async ({ page }) => {
    await page.goto('/pets');
    const opener = page.getByRole('button', { name: 'Add pet' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a pet' });
    await dialog.getByLabel('Name').fill(`Focus Finch ${Date.now()}`);
    await dialog.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Add pet' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'was added' })).toBeVisible();
    await expect(opener).toBeFocused();
  });
});

test('a failed sign-in puts focus on the password, described by the error', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#sign-in-error')).toHaveText('Wrong email or password.');
  const password = page.getByLabel('Password');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription('Wrong email or password.');
});
