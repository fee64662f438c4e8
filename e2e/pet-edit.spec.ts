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

  // The notice was about that save: the next action takes it away.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved' })).toHaveCount(0);
});

test('a pet added as pending keeps it on offer, and the hint says why', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Added pending ${Date.now()}`, categoryId: 2, status: 'pending' });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${pet.name}` });
  await expect(dialog.getByLabel('Status')).toHaveValue('pending');
  await expect(dialog.getByText('Pending was set when this pet was added')).toBeVisible();
  await expect(dialog.getByText('Pending is not offered')).toHaveCount(0);
});

test('offers only the statuses the rules allow: pending never, none while an order is open (linked)', async ({ page }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Ordered ${Date.now()}`, categoryId: 2, status: 'available' });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: `Edit ${pet.name}` });
  const options = async () => dialog.getByLabel('Status').locator('option').allTextContents();
  await expect(dialog.getByLabel('Status')).toBeEnabled();
  expect(await options()).toEqual(['None', 'Available', 'Sold']);
  await expect(dialog.getByLabel('Status')).toHaveAccessibleDescription(/Pending is not offered/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const order = await client.placeOrder({ petId: pet.id, quantity: 1 });
  await expect(field(page, 'Status')).toHaveText('Pending');
  await page.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${pet.name}` });
  await expect(dialog.getByLabel('Status')).toBeDisabled();
  await expect(dialog.getByLabel('Status')).toHaveAccessibleDescription(
    `Set by order ${order.id} (placed): the status follows it until it is delivered or cancelled.`,
  );
  await expect(dialog.getByRole('link', { name: `order ${order.id}` })).toHaveAttribute('href', `/orders/${order.id}`);
  await inspectPage(page, 'pet-edit-locked-status');

  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name must not be empty.');
  await dialog.getByLabel('Name').fill(`${pet.name} Renamed`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  // The rename went through; the status the order set stayed.
  expect(await client.getPet(pet.id)).toEqual({ ...pet, name: `${pet.name} Renamed`, status: 'pending' });
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
