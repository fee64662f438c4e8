// Categories: the page that lists, adds and renames them, and the picker in
// the pet form that can make one on the spot.
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
