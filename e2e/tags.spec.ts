// Tags in the dashboard (docs/DASHBOARD.md, "The pages" and "Bulk work"): an
// editor tags one pet in Edit and another in Add pet, picking the tag from the
// suggestions; the list shows the tags as chips, narrows to a tag picked beside
// the status tabs, kept in the URL, and shows a change made through the API
// without a reload; a tag is added to 100 selected pets at once. Every outcome
// is read back from the API.
import { expect, test, type Page } from '@playwright/test';
import type { PetstoreClient } from '../lib/client/api-client';
import type { Pet } from '../lib/contract/pets';
import { apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

const unique = (word: string) => `${word}${Date.now().toString(36)}`;

async function seedPets(client: PetstoreClient, word: string, count: number): Promise<Pet[]> {
  const pets: Pet[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, index) =>
      client.createPet({ name: `${word} ${String(start + index).padStart(3, '0')}`, categoryId: 8, status: 'available' }),
    );
    pets.push(...(await Promise.all(batch)));
  }
  return pets;
}

/** Types into a tag box and picks the suggestion that names `tag` (with its pet count when it exists). */
async function pickTag(page: Page, box: string, typed: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: box });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('tags two pets, in Edit and in Add pet, then narrows the list to the tag', async ({ browser }) => {
  const word = unique('Tg');
  const tag = unique('needs-home-');
  const client = apiClient();
  const [first] = await seedPets(client, word, 1);
  const { page } = await signInAs(browser, 'editor');

  // Edit: a new tag, typed and taken with Enter.
  await page.goto(`/pets/${first!.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('combobox', { name: 'Tags' }).fill(tag);
  await edit.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await expect(edit.getByRole('list', { name: 'Chosen tags' })).toContainText(tag);
  await inspectPage(page, 'pet-edit-tags');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('list', { name: 'Tags', exact: true })).toContainText(tag);
  expect(await client.getPetTags(first!.id)).toEqual([tag]);

  // Add pet: the same tag, suggested with its count as its first letters are typed.
  await page.goto(`/pets?name=${word}`);
  await page.getByRole('button', { name: 'Add pet' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Name').fill(`${word} second`);
  await add.getByLabel('Category').selectOption({ index: 1 });
  await pickTag(page, 'Tags', tag.slice(0, -2).toUpperCase(), new RegExp(`^${tag}\\s*1 pet$`));
  await add.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByText(`${word} second was added`)).toBeVisible();

  // The list: both rows carry the chip; the filter beside the tabs narrows to it, in the URL.
  await expect(page.getByRole('list', { name: `Tags of ${word} second` })).toContainText(tag);
  await pickTag(page, 'Tag', tag.slice(-6), new RegExp(`^${tag}\\s*2 pets$`));
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag}(&|$)`));
  await expect(page.getByRole('list', { name: 'Tags the list is narrowed to' })).toContainText(tag);
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^All\s*2 pets$/ })).toBeVisible();
  await inspectPage(page, 'pets-tag-filter');

  // A change of tags made elsewhere reaches the open list through the change feed.
  const added = unique('live-');
  await client.replacePetTags(first!.id, [tag, added]);
  await expect(page.getByRole('list', { name: `Tags of ${word} 000` })).toContainText(added);

  // The filter stays through a reload, and goes with its chip.
  await page.reload();
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: `Stop filtering by tag ${tag}` }).click();
  await expect(page).not.toHaveURL(/tag=/);
});

test('adds a tag to 100 selected pets at once, then removes it', async ({ browser }) => {
  test.setTimeout(180_000);
  const word = unique('Hd');
  const tag = unique('herd-');
  const client = apiClient();
  const pets = await seedPets(client, word, 100);
  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets?name=${word}&limit=100`);
  await expect(page.getByText('1–100 of 100', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 100 pets on this page' }).check();

  await page.getByRole('button', { name: 'Tags' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Tag' }).fill(tag);
  await inspectPage(page, 'pets-bulk-tag');
  await dialog.getByRole('button', { name: 'Add to 100 pets' }).click();
  await expect(page.getByText('100 tagged', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: `Tags of ${word} 042` })).toContainText(tag);
  expect((await client.listTags({ name: tag })).items).toEqual([{ name: tag, petCount: 100 }]);
  const tagged = await client.listPetsByIds(
    pets.map((pet) => pet.id),
    ['tags'],
  );
  expect(tagged.every((pet) => pet.tags?.includes(tag))).toBe(true);

  await page.getByRole('checkbox', { name: 'Select all 100 pets on this page' }).check();
  await page.getByRole('button', { name: 'Tags' }).click();
  await pickTag(page, 'Tag', tag, new RegExp(`^${tag}\\s*100 pets$`));
  await page.getByRole('dialog').getByRole('button', { name: 'Remove from 100 pets' }).click();
  await expect(page.getByText('100 changed', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect((await client.listTags({ name: tag })).items).toEqual([]);
});
