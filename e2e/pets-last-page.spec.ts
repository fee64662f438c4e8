// The pets pager reaches the last page in one click (docs/DASHBOARD.md, "The
// pages"): pages are cursors, so Last reads its way there and keeps every page
// before it in the URL, and Previous, the page count and Back work from there.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { seedPets } from './support/pets';

test.use({ storageState: STORAGE_STATE });

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pets pages' });
const names = async (page: Page) =>
  (await page.getByRole('table', { name: 'Pets' }).locator('tbody tr td:nth-child(2) a').allTextContents()).map((name) => name.trim());

test('Last jumps to the last page of the view, and Previous goes back one page from there', async ({ page }) => {
  const word = `Lp${Date.now().toString(36)}`;
  const pets = await seedPets(apiClient(), word, 45);
  const byId = [...pets].sort((a, b) => a.id - b.id).map((pet) => pet.name);
  const byName = [...pets].map((pet) => pet.name).sort();
  for (const sort of ['name', '-id']) {
    await page.goto(`/pets?name=${word}&sort=${sort}`);
    await expect(pager(page)).toContainText('Page 1 of 3');
    await pager(page).getByRole('button', { name: 'Last' }).click();
    await expect(pager(page)).toContainText('Page 3 of 3');
    // By name, the five last names; newest first, the five oldest pets.
    await expect.poll(() => names(page)).toEqual(sort === 'name' ? byName.slice(40) : byId.slice(0, 5).reverse());
    await expect(pager(page).getByRole('button', { name: 'Last' })).toHaveAttribute('aria-disabled', 'true');
    await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

    await pager(page).getByRole('link', { name: 'Previous' }).click();
    await expect(pager(page)).toContainText('Page 2 of 3');
    await expect.poll(() => names(page)).toEqual(sort === 'name' ? byName.slice(20, 40) : byId.slice(5, 25).reverse());
  }
  await inspectPage(page, 'pets-pager-last');
});
