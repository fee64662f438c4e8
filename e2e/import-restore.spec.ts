// Import, restore and undo in the dashboard (docs/DASHBOARD.md, "Import, restore and undo"):
// a CSV file with bad rows checked by a dry run (its failing rows listed with their row
// numbers and reasons) and imported, with its summary and errors file; a larger import
// cancelled part-way, the count shown being the API's; a pet restored from its History,
// which a viewer reads without the controls (and sees the past imports without upload
// controls); a bulk change undone from the Activity page after a confirm that counts
// the pets it touches and leaves. Every outcome is read back from the API.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stringify } from 'csv-stringify/sync';
import { apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { seedPets } from './support/pets';
import { signInAs } from './support/sign-in';

/** A CSV file for the file input. */
const csvFile = (name: string, rows: string[][]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(stringify(rows)) });

/** How many pets have `word` in their name, as the API counts them. */
const petsNamed = async (word: string) => (await apiClient().countPets({ name: word })).total;

test('an import with bad rows: first rows, a dry run listing the failing rows, the import, its summary and errors file', async ({ browser }) => {
  const word = `Im${Date.now().toString(36)}`;
  const rows = [['name', 'categoryId', 'status', 'tags', 'colour']];
  for (let index = 0; index < 30; index++) rows.push([`${word} ${index}`, '8', 'available', 'imported; e2e', 'grey']);
  // Rows 5, 9 and 14 of the file (the header is row 1) are refused, each for its own reason.
  rows[4] = ['', '8', 'available', '', 'grey'];
  rows[8] = [`${word} lost`, '8', 'lost', '', 'grey'];
  rows[13] = [`${word} homeless`, '', '', '', 'grey'];

  const { page, email } = await signInAs(browser, 'editor');
  await page.goto('/pets');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/pets\/import$/);
  await page.getByLabel('Choose a CSV file to import').setInputFiles(csvFile('pets.csv', rows));

  const firstRows = page.getByRole('table', { name: 'First rows' });
  await expect(firstRows.getByRole('row')).toHaveCount(6);
  await expect(firstRows.getByRole('columnheader', { name: /colour/ })).toContainText('ignored');
  await expect(firstRows.getByRole('columnheader', { name: /categoryId/ })).toContainText('read as categoryId');
  await expect(page.getByText('Ignored: colour.')).toBeVisible();
  await expect(firstRows.getByRole('row').nth(1)).toContainText(`${word} 0`);
  await inspectPage(page, 'import-file');

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dry run: 30 rows checked, nothing changed' })).toContainText(
    '27 would be added, 0 would be changed, 0 unchanged, 3 would fail',
  );
  const failing = page.getByRole('table', { name: 'Rows that would fail' }).getByRole('row');
  await expect(failing).toHaveCount(4);
  await expect(failing.nth(1)).toContainText('5');
  await expect(failing.nth(1)).toContainText('name must not be empty');
  await expect(failing.nth(2)).toContainText('9');
  await expect(failing.nth(2)).toContainText('status must be one of');
  await expect(failing.nth(3)).toContainText('14');
  await expect(failing.nth(3)).toContainText('a new pet needs a category');
  expect(await petsNamed(word), 'a dry run changes nothing').toBe(0);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 30 rows' })).toContainText('27 added, 0 changed, 0 unchanged, 3 failed');
  expect(await petsNamed(word)).toBe(27);
  // The same file again would add its new pets again: a new file must be picked first.
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Rows that failed' }).getByRole('row')).toHaveCount(4);
  const changed = page.getByRole('region', { name: 'Pets it added or changed' }).getByRole('link');
  await expect(changed).toHaveCount(20);
  await expect(page.getByRole('region', { name: 'Pets it added or changed' })).toContainText('and 7 more.');
  await expect(changed.first()).toHaveAttribute('href', /^\/pets\/\d+$/);
  await expect(changed.first()).toContainText(word);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the errors file' }).click();
  const errorsFile = await readFile((await (await download).path())!, 'utf8');
  expect(errorsFile.split('\n')[0]).toBe('row,name,categoryId,status,tags,colour,reason');
  expect(
    errorsFile
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(',')[0]),
  ).toEqual(['row', '5', '9', '14']);

  const past = page.getByRole('table', { name: 'Past imports' }).getByRole('row');
  await expect(past.nth(1)).toContainText(email);
  await expect(past.nth(1)).toContainText('Import');
  await expect(past.nth(1)).toContainText('Done');
  await expect(past.nth(2)).toContainText('Dry run');
  await inspectPage(page, 'import-summary');
});

test('Cancel stops a larger import part-way; the count shown is the API’s', async ({ browser }) => {
  test.setTimeout(120_000);
  const word = `Ic${Date.now().toString(36)}`;
  const rows = [['name', 'categoryId', 'status']];
  for (let index = 0; index < 60_000; index++) rows.push([`${word} ${index}`, '8', 'available']);

  const { page } = await signInAs(browser, 'editor');
  await page.goto('/pets/import');
  await page.getByLabel('Choose a CSV file to import').setInputFiles(csvFile('many.csv', rows));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const progress = page.getByRole('region', { name: 'Import', exact: true });
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuemax', '60000');
  // Under way, some rows in, the time left known.
  await expect(progress).toContainText(/Importing: [1-9][\d,]* of 60,000 rows, about \d+ (s|min) left/);
  await progress.getByRole('button', { name: 'Cancel' }).click();

  const summary = page.getByRole('status').filter({ hasText: /^Cancelled: [\d,]+ of 60,000 rows imported before it stopped/ });
  await expect(summary).toBeVisible();
  const shown = Number(/Cancelled: ([\d,]+) of/.exec((await summary.textContent()) ?? '')![1]!.replaceAll(',', ''));
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(60_000);
  expect(await petsNamed(word), 'the rows shown as imported are the pets the API has').toBe(shown);
  await expect(page.getByRole('table', { name: 'Past imports' }).getByRole('row').nth(1)).toContainText('Cancelled');
});

test('a pet restored from its History; a viewer reads the History and past imports without the controls', async ({ browser }) => {
  const client = apiClient();
  const word = `Rh${Date.now().toString(36)}`;
  const pet = await client.createPet({ name: `${word} Original`, categoryId: 2, status: 'available' });
  await client.updatePet(pet.id, { name: `${word} Renamed`, categoryId: 3 });
  await client.updatePet(pet.id, { status: 'sold' });

  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets/${pet.id}`);
  const history = page.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(history).toHaveCount(4);
  await expect(history.nth(1)).toContainText('Current version');
  await expect(history.nth(3)).toContainText('created');
  await history
    .nth(3)
    .getByRole('button', { name: /^Restore this version/ })
    .click();
  const dialog = page.getByRole('dialog', { name: `Restore pet #${pet.id} to this version?` });
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${word} Original is restored to that version` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${word} Original` })).toBeVisible();
  expect(await client.findPet(pet.id)).toMatchObject({ name: `${word} Original`, categoryId: 2, status: 'available' });
  await expect(history).toHaveCount(5);
  await expect(history.nth(1)).toContainText('restored');

  const viewer = (await signInAs(browser, 'viewer')).page;
  await viewer.goto(`/pets/${pet.id}`);
  const seen = viewer.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(seen).toHaveCount(5);
  await expect(seen.nth(1)).toContainText('restored');
  await expect(viewer.getByRole('button', { name: /Restore/ })).toHaveCount(0);
  await expect(viewer.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  await viewer.goto('/pets/import');
  await expect(viewer.getByRole('table', { name: 'Past imports' })).toBeVisible();
  await expect(viewer.getByText('You can look, not change: imports are read-only for you')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Choose a file' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Dry run' })).toHaveCount(0);
});

test('a bulk change undone from the Activity page, after a confirm that counts the pets it touches and leaves', async ({ browser }) => {
  const client = apiClient();
  const pets = await seedPets(client, `Un${Date.now().toString(36)}`, 6);
  const { batchId } = await client.updatePets(
    pets.map((pet) => pet.id),
    { status: 'sold' },
  );
  // Changed since: the undo leaves it.
  const changedSince = pets[2]!;
  await client.updatePet(changedSince.id, { name: `${changedSince.name} renamed` });

  const { page } = await signInAs(browser, 'admin');
  await page.goto(`/activity?batchId=${batchId}`);
  await expect(page.getByRole('status').filter({ hasText: "One batch's entries" })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
  await expect(rows).toHaveCount(7);
  await rows.nth(1).getByRole('button', { name: /^Undo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this bulk change or import?' });
  await expect(dialog).toContainText('It touches 5 pets and leaves 1 alone.');
  await expect(dialog.getByRole('link', { name: `Pet #${changedSince.id}` })).toBeVisible();
  await inspectPage(page, 'undo-confirm');
  await dialog.getByRole('button', { name: 'Undo for 5 pets' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Undone: 5 pets restored, 1 left alone' })).toBeVisible();
  const now = new Map((await client.listPetsByIds(pets.map((pet) => pet.id))).map((pet) => [pet.id, pet]));
  for (const pet of pets) expect(now.get(pet.id)?.status, pet.name).toBe(pet.id === changedSince.id ? 'sold' : 'available');
});
