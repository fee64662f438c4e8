// API keys from the dashboard: created and shown once, usable at once, revoked after a confirmation.
import { expect, test } from '@playwright/test';
import { ApiClientError } from '../lib/client/api-client';
import { ADMIN, apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

test('creates a key, shows it once, and a revoked key is refused', async ({ page }) => {
  const name = `E2E reader ${Date.now()}`;
  await page.goto('/api-keys');
  await expect(page.getByRole('table', { name: 'API keys', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'API keys', exact: true })).not.toContainText('Dashboard session');
  await inspectPage(page, 'api-keys');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Scope').selectOption('read');
  // Each scope says all it allows: write edits and deletes too, not only adds.
  await expect(dialog.getByLabel('Scope').locator('option[value="write"]')).toHaveText(/add, edit, delete, import and restore pets.*place and move orders/);
  await dialog.getByLabel('Expiry').selectOption('30');
  await inspectPage(page, 'api-key-create');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const keyField = dialog.getByLabel(`API key “${name}”`);
  await expect(keyField).toHaveValue(/^psk_[\w-]{40,}$/);
  await expect(dialog).toContainText('It is shown only this once');
  const key = await keyField.inputValue();
  await inspectPage(page, 'api-key-created');

  const pets = await apiClient(key).listPets({ limit: 5 });
  expect(pets.items).toHaveLength(5);

  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText('read');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await expect(confirm).toBeVisible();
  await inspectPage(page, 'api-key-revoke');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  // It leaves the live keys for the section below them, saying when it ended, why and by whom.
  await expect(page.getByRole('table', { name: 'API keys', exact: true })).not.toContainText(name);
  const ended = page.getByRole('table', { name: 'Revoked and expired keys' }).getByRole('row').filter({ hasText: name });
  await expect(ended.getByRole('button')).toHaveCount(0);
  await expect(ended.getByRole('cell').nth(3).locator('time')).toBeVisible();
  await expect(ended.getByRole('cell').nth(4)).toHaveText(`Revokedby ${ADMIN.email}`);
  await inspectPage(page, 'api-key-revoked');

  const refused = await apiClient(key)
    .listPets()
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiClientError);
  expect(refused).toMatchObject({ status: 401, code: 'unauthorized', message: 'The API key has been revoked.' });
});

test('refuses a key without a name, beside the field', async ({ page }) => {
  await page.goto('/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name must not be empty.');
});
