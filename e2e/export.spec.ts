// CSV export of the current pets view: every page of its filters, in its
// order, with progress while it runs. The browser here has no file picker
// to drive, so the export takes its other path: a Blob downloaded at the end.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
});

async function exportCsv(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pets-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
  return readFile((await file.path())!, 'utf8');
}

test('exports the searched view with names quoted as CSV needs, formulas kept as text and each pet’s tags', async ({ page }) => {
  const word = `Xp${Date.now().toString(36)}`;
  const client = apiClient();
  const category = await client.createCategory({ name: `Exported ${word}` });
  const quoted = await client.createPet({ name: `${word} "Big", Bold`, categoryId: category.id, status: 'available' });
  const formula = await client.createPet({ name: `=${word}+1`, categoryId: 424_242 });
  await client.replacePetTags(quoted.id, ['vaccinated', `${word} puppy`]);
  await page.goto(`/pets?name=${word}&sort=-id`);
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();

  const csv = await exportCsv(page);
  expect(csv.split('\n').filter(Boolean)).toEqual([
    'id,name,categoryId,category,status,tags',
    `${formula.id},'=${word}+1,424242,Category 424242,,`,
    `${quoted.id},"${word} ""Big"", Bold",${category.id},Exported ${word},available,vaccinated; ${word} puppy`,
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Export finished' })).toContainText('2 pets written');
});

test('exports every page of a large view, with progress while it runs', async ({ page }) => {
  // 105 pets: two of the export's 100-pet pages.
  const word = `Xl${Date.now().toString(36)}`;
  const client = apiClient();
  for (let batch = 0; batch < 105; batch += 15) {
    await Promise.all(Array.from({ length: 15 }, (_, index) => client.createPet({ name: `${word} ${String(batch + index).padStart(3, '0')}`, categoryId: 8 })));
  }
  // The second page waits until the progress has been looked at.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/pets?*limit=100*', async (route) => {
    if (route.request().url().includes('cursor=')) await released;
    await route.fallback();
  });
  await page.goto(`/pets?name=${word}&sort=name`);
  await expect(page.getByText('1–20 of 105', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Exporting pets' });
  await expect(progress.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(progress).toContainText('100 of 105 pets written');
  await expect(page.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  await inspectPage(page, 'pets-export-progress');
  release();
  const csv = await readFile((await (await download).path())!, 'utf8');

  const rows = csv.split('\n').filter(Boolean);
  expect(rows[0]).toBe('id,name,categoryId,category,status,tags');
  expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual(Array.from({ length: 105 }, (_, index) => `${word} ${String(index).padStart(3, '0')}`));
});

test('Cancel stops an export and says so: no file is saved', async ({ page }) => {
  // The export's first page waits, so that Cancel comes while it runs.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/pets?*limit=100*', async (route) => {
    await released;
    await route.fallback().catch(() => {});
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Exporting pets' });
  await progress.getByRole('button', { name: 'Cancel' }).click();
  const cancelled = page.getByRole('status').filter({ hasText: 'Export cancelled' });
  await expect(cancelled).toContainText('No file was saved');
  release();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  expect(downloads).toBe(0);
});
