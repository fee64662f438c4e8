// Finding pets: the search box, sortable headers and newest first, the status
// tabs with their counts, and the total, all held in the URL.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const petTable = (page: Page) => page.getByRole('table', { name: 'Pets', exact: true });
const petRows = (page: Page) => petTable(page).locator('tbody tr');
const tab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name });

async function namesOnPage(page: Page): Promise<string[]> {
  await expect(petTable(page)).toHaveAttribute('aria-busy', 'false');
  return petRows(page).locator('td:nth-child(2)').allTextContents();
}

/** Five pets whose names share a word no other pet has: two available, one pending, one sold, one without status. */
async function addFamily(word: string) {
  const client = apiClient();
  const pets = [];
  for (const [name, status] of [
    ['Bravo', 'available'],
    ['Delta', 'pending'],
    ['Alpha', 'available'],
    ['Echo', undefined],
    ['Charlie', 'sold'],
  ] as const) {
    pets.push(await client.createPet({ name: `${word} ${name}`, categoryId: 3, ...(status ? { status } : {}) }));
  }
  return pets;
}

test('searches by name in the URL, keeping the other filters, with counts in the tabs and the total', async ({ page }) => {
  const word = `Zq${Date.now().toString(36)}`;
  await addFamily(word);
  await page.goto('/pets?status=available&limit=10');
  await expect(petRows(page).first()).toBeVisible();

  await page.getByLabel('Search').fill(word.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`/pets\\?status=available&name=${word.toLowerCase()}&limit=10$`));
  await expect.poll(() => namesOnPage(page)).toEqual([`${word} Bravo`, `${word} Alpha`]);
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();

  await expect(tab(page, /^All/)).toHaveText('All5 pets');
  await expect(tab(page, /^Available/)).toHaveText('Available2 pets');
  await expect(tab(page, /^Available/)).toHaveAttribute('aria-current', 'page');
  await expect(tab(page, /^Pending/)).toHaveText('Pending1 pet');
  await expect(tab(page, /^Sold/)).toHaveText('Sold1 pet');
  await expect(tab(page, /^No status/)).toHaveText('No status1 pet');
  await inspectPage(page, 'pets-search');

  await tab(page, /^All/).click();
  await expect(page).toHaveURL(new RegExp(`/pets\\?name=${word.toLowerCase()}&limit=10$`));
  await expect.poll(() => namesOnPage(page)).toHaveLength(5);
  await expect(page.getByText('1–5 of 5', { exact: true })).toBeVisible();

  await tab(page, /^No status/).click();
  await expect.poll(() => namesOnPage(page)).toEqual([`${word} Echo`]);

  await page.goBack();
  await expect.poll(() => namesOnPage(page)).toHaveLength(5);
  await page.getByLabel('Search').fill(`${word} nobody`);
  await expect(page.getByText('No pets match these filters')).toBeVisible();
  await expect(tab(page, /^All/)).toHaveText('All0 pets');
});

test('sorts by name and id from the column headers, with aria-sort, and offers newest first', async ({ page }) => {
  const word = `Zs${Date.now().toString(36)}`;
  const pets = await addFamily(word);
  await page.goto(`/pets?name=${word}`);
  await expect.poll(() => namesOnPage(page)).toHaveLength(5);
  const nameHeader = petTable(page).getByRole('columnheader', { name: 'Name' });
  const idHeader = petTable(page).getByRole('columnheader', { name: 'ID' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');

  await nameHeader.getByRole('link').click();
  await expect(page).toHaveURL(/sort=name$/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => namesOnPage(page)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((name) => `${word} ${name}`));

  await nameHeader.getByRole('link').click();
  await expect(page).toHaveURL(/sort=-name$/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => namesOnPage(page)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha'].map((name) => `${word} ${name}`));

  await page.getByLabel('Order').selectOption('-id');
  await expect(page).toHaveURL(/sort=-id$/);
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => namesOnPage(page)).toEqual([...pets].reverse().map((pet) => pet.name));
  await inspectPage(page, 'pets-sorted');
});

test('newest first puts a pet just added on the first page', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Newest ${Date.now()}`, categoryId: 4 });
  await page.goto('/pets');
  // The rows come from the browser's own query: once they show, the page is hydrated and a
  // change of the select reaches React (before, it could change the select alone).
  await expect(petRows(page).first()).toBeVisible();
  await page.getByLabel('Order').selectOption('-id');
  await expect(petRows(page).first().getByRole('link').first()).toHaveText(pet.name);
  await expect(page.getByText(/^1–20 of [\d,]{2,}$/)).toBeVisible();
});

test('shows category names, and "Category N" for a category that does not exist', async ({ page }) => {
  const client = apiClient();
  const category = await client.createCategory({ name: `Corvids ${Date.now()}` });
  const named = await client.createPet({ name: `Raven ${Date.now()}`, categoryId: category.id });
  const orphan = await client.createPet({ name: `Orphan ${Date.now()}`, categoryId: 987_654 });
  await page.goto('/pets?sort=-id');
  await expect(petTable(page).getByRole('row', { name: new RegExp(named.name) })).toContainText(category.name);
  await expect(petTable(page).getByRole('row', { name: new RegExp(orphan.name) })).toContainText('Category 987654');

  await page.getByLabel('Category').selectOption(String(category.id));
  await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
  await expect(petTable(page).getByRole('link', { name: named.name })).toBeVisible();
  // Seeded pets may hold the same id as a category made later: they are in it too.
  // (Polled: the URL changes at once, the rows when the filtered page has come.)
  await expect.poll(async () => new Set(await petRows(page).locator('td:nth-child(3)').allTextContents())).toEqual(new Set([category.name]));
});
