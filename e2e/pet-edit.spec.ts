// Editing and deleting a pet from its page: the same form as Add pet, the
// server's refusals explained (status rules, a pet with orders), and the
// changes that succeed.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const field = (page: Page, label: string) => page.locator('dl > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

test('edits a pet: name, category and status, and the page shows them', async ({ page }) => {
  const client = apiClient();
  const category = await client.createCategory({ name: `Finches ${Date.now()}` });
  const pet = await client.createPet({ name: `Editable ${Date.now()}`, categoryId: 2, status: 'available' });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${pet.name}` });
  await expect(dialog.getByLabel('Name')).toHaveValue(pet.name);
  await expect(dialog.getByLabel('Status')).toHaveValue('available');
  await inspectPage(page, 'pet-edit');

  await dialog.getByLabel('Name').fill(`${pet.name} the Second`);
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await dialog.getByLabel('Status').selectOption('sold');
  await dialog.getByRole('button', { name: 'Save changes' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${pet.name} the Second` })).toBeVisible();
  await expect(field(page, 'Category')).toContainText(category.name);
  await expect(field(page, 'Status')).toHaveText('Sold');
  expect(await client.getPet(pet.id)).toEqual({ id: pet.id, name: `${pet.name} the Second`, categoryId: category.id, status: 'sold' });
});

test('explains the status rules when the server refuses a status change, and shows field errors', async ({ page }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Ordered ${Date.now()}`, categoryId: 2, status: 'available' });
  await client.placeOrder({ petId: pet.id, quantity: 1 });
  await page.goto(`/pets/${pet.id}`);
  await expect(field(page, 'Status')).toHaveText('Pending');
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${pet.name}` });

  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name must not be empty.');

  await dialog.getByLabel('Name').fill(pet.name);
  await dialog.getByLabel('Status').selectOption('available');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'The pet was not saved' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('placing an order makes it pending');
  await inspectPage(page, 'pet-edit-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(field(page, 'Status')).toHaveText('Pending');
});

test('deletes a pet after a confirmation', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Deletable ${Date.now()}`, categoryId: 2 });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${pet.name}?` });
  await inspectPage(page, 'pet-delete');
  await dialog.getByRole('button', { name: 'Keep pet' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete pet' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${pet.name} was deleted` })).toBeVisible();
  await expect(apiClient().getPet(pet.id)).rejects.toMatchObject({ status: 404 });
});

test('refuses to delete a pet with orders, and says why', async ({ page }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Kept ${Date.now()}`, categoryId: 2, status: 'available' });
  await client.placeOrder({ petId: pet.id, quantity: 1 });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${pet.name}?` });
  await dialog.getByRole('button', { name: 'Delete pet' }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: `${pet.name} has orders and was not deleted` });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`Pet ${pet.id} cannot be deleted`);
  await expect(dialog.getByRole('button', { name: 'Delete pet' })).toHaveCount(0);
  await inspectPage(page, 'pet-delete-refused');
  await refusal.getByRole('link', { name: 'See its orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?petId=${pet.id}$`));
  expect((await client.getPet(pet.id)).name).toBe(pet.name);
});
