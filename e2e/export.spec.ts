// CSV export of the current pets view: every page of its filters, in its
// order, with progress while it runs. The browser here has no file picker
// to drive, so the export takes its other path: a Blob downloaded at the end.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';

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

test('exports the searched view with names quoted as CSV needs and formulas kept as text', async ({ page }) => {
  const word = `Xp${Date.now().toString(36)}`;
  const client = apiClient();
  const category = await client.createCategory({ name: `Exported ${word}` });
  const quoted = await client.createPet({ name: `${word} "Big", Bold`, categoryId: category.id, status: 'available' });
  const formula = await client.createPet({ name: `=${word}+1`, categoryId: 424_242 });
  await page.goto(`/pets?name=${word}&sort=-id`);
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();

  const csv = await exportCsv(page);
  expect(csv.split('\n').filter(Boolean)).toEqual([
    'id,name,categoryId,category,status',
    `${formula.id},'=${word}+1,424242,Category 424242,`,
    `${quoted.id},"${word} ""Big"", Bold",${category.id},Exported ${word},available`,
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'Export finished' })).toContainText('2 pets written');
});

test('exports every page of a large view, with progress while it runs', async ({ page }) => {
  const counts = await apiClient().countPets({ status: 'available' });
  expect(counts.available).toBeGreaterThan(20);
  // Each page answers slowly, as over a far network, so the progress can be seen.
  await page.route('**/v1/pets?*limit=100*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fallback();
  });
  await page.goto('/pets?status=available');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Exporting pets' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  const csv = await readFile((await (await download).path())!, 'utf8');

  const rows = csv.split('\n').filter(Boolean);
  expect(rows[0]).toBe('id,name,categoryId,category,status');
  expect(rows).toHaveLength(counts.available + 1);
  expect(new Set(rows.slice(1).map((row) => row.split(',').at(-1)))).toEqual(new Set(['available']));
  const ids = rows.slice(1).map((row) => Number(row.split(',')[0]));
  expect(ids).toEqual([...ids].sort((left, right) => left - right));
});
