// Categories: the page that lists (with pet counts), adds, renames and deletes
// them, and the picker in the pet form that can make one on the spot.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const categoryTable = (page: Page) => page.getByRole('table', { name: 'Categories' });

test('adds a category, refuses a duplicate beside the field, and renames it', async ({ page }) => {
  const name = `Parrots ${Date.now()}`;
  await page.goto('/pets');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);

  await page.getByLabel('New category').fill(name);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} was added` })).toBeVisible();
  await expect(categoryTable(page).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByLabel('New category')).toHaveValue('');

  await page.getByLabel('New category').fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByLabel('New category')).toHaveAttribute('aria-invalid', 'true');
  await inspectPage(page, 'categories');

  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Rename ${name}` });
  await dialog.getByLabel('Name').fill(`${name} and Macaws`);
  await inspectPage(page, 'category-rename');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(categoryTable(page).getByRole('row', { name: new RegExp(`${name} and Macaws`) })).toBeVisible();
});

test('creates a category from the Add pet form and files the new pet under it', async ({ page }) => {
  const category = `Owls ${Date.now()}`;
  const petName = `Hedwig ${Date.now()}`;
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await dialog.getByLabel('Name').fill(petName);
  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('New category name').fill(category);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByLabel('Category', { exact: true }).locator('option:checked')).toHaveText(category);
  await inspectPage(page, 'add-pet-new-category');
  await dialog.getByRole('button', { name: 'Add pet' }).click();
  await expect(dialog).toBeHidden();

  const created = (await apiClient().listPets({ name: petName })).items;
  expect(created).toHaveLength(1);
  const categories = (await apiClient().listCategories({ limit: 100 })).items;
  expect(categories.find((listed) => listed.id === created[0]!.categoryId)?.name).toBe(category);
});

test('shows each category’s pet count, deletes an empty one and explains why a used one stays', async ({ page }) => {
  const stamp = Date.now();
  // Pets may name a category id before the category exists (some e2e pets do): count what the API says.
  const petCount = async (categoryId: number) =>
    (await apiClient().listCategories({ limit: 100 })).items.find((category) => category.id === categoryId)?.petCount;
  const used = await apiClient().createCategory({ name: `Geckos ${stamp}` });
  for (const name of ['Gex', 'Leo']) await apiClient().createPet({ name: `${name} ${stamp}`, categoryId: used.id });
  const usedCount = (await petCount(used.id))!;
  expect(usedCount).toBeGreaterThanOrEqual(2);
  let empty = await apiClient().createCategory({ name: `Newts ${stamp}` });
  for (let tries = 0; (await petCount(empty.id)) !== 0 && tries < 20; tries++) empty = await apiClient().createCategory({ name: `Newts ${stamp} ${tries}` });
  await page.goto('/categories');

  const usedRow = categoryTable(page).getByRole('row', { name: new RegExp(used.name) });
  const emptyRow = categoryTable(page).getByRole('row', { name: new RegExp(`${empty.name}#`) });
  // The page writes counts as people read them (1,312); the server's message as a plain number.
  const shownCount = usedCount.toLocaleString('en');
  await expect(usedRow.getByRole('link', { name: `${shownCount} pets in ${used.name}` })).toHaveAttribute('href', `/pets?categoryId=${used.id}`);
  await expect(emptyRow.getByRole('link', { name: `No pets in ${empty.name}` })).toBeVisible();

  await usedRow.getByRole('button', { name: `Delete ${used.name}` }).click();
  const refusal = page.getByRole('dialog', { name: `Delete ${used.name}?` });
  await expect(refusal).toContainText(`${shownCount} pets in this category`);
  await refusal.getByRole('button', { name: 'Delete category' }).click();
  await expect(refusal.getByRole('alert')).toContainText(`The category "${used.name}" cannot be deleted: ${usedCount} pets use it.`);
  await expect(refusal.getByRole('link', { name: 'See its pets' })).toHaveAttribute('href', `/pets?categoryId=${used.id}`);
  await inspectPage(page, 'category-delete-refused');
  await refusal.getByText('Close', { exact: true }).click();
  await expect(usedRow).toBeVisible();

  await emptyRow.getByRole('button', { name: `Delete ${empty.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${empty.name}?` });
  await confirm.getByRole('button', { name: 'Delete category' }).click();
  await expect(confirm).toBeHidden();
  await expect(emptyRow).toHaveCount(0);
  await expect(apiClient().getCategory(empty.id)).rejects.toMatchObject({ status: 404 });
  await expect(apiClient().getCategory(used.id)).resolves.toEqual(used);
});
