// Bulk work on the pets list (docs/DASHBOARD.md, "Bulk work"): select every pet matching a
// search and change or delete them, 50 pets a request, with progress, Cancel
// and a summary whose refusals are exactly the pets the rules keep; the outcome
// of each pet is read back from the API. A viewer may select and export only.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { PetstoreClient } from '../lib/client/api-client';
import type { Pet } from '../lib/contract/pets';
import { apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { seedPets } from './support/pets';
import { signInAs } from './support/sign-in';

/** The pets among these ids as the API has them now (the batch read, 100 at a time). */
async function readBack(client: PetstoreClient, pets: Pet[]): Promise<Map<number, Pet>> {
  const now = new Map<number, Pet>();
  for (let start = 0; start < pets.length; start += 100) {
    for (const pet of await client.listPetsByIds(pets.slice(start, start + 100).map((each) => each.id))) now.set(pet.id, pet);
  }
  return now;
}

async function selectAllMatching(page: Page, total: string) {
  await page.getByRole('checkbox', { name: /^Select all \d+ pets on this page$/ }).check();
  const bar = page.getByRole('region', { name: 'Selected pets' });
  await expect(bar).toContainText(/^\d+ pets selected\./);
  await bar.getByRole('button', { name: `Select all ${total} pets matching` }).click();
  await expect(bar).toContainText(`All ${total} pets matching are selected.`);
}

async function changeStatus(page: Page, status: string, count: string) {
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New status').selectOption({ label: status });
  await dialog.getByRole('button', { name: `Change ${count} pets` }).click();
}

/** A hold on the batch PATCH and DELETE /v1/pets?id=… after the first `passed` (of 50 pets each): they wait, unsent, until released. */
async function holdChangesAfter(page: Page, passed: number): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(/\/v1\/pets\?id=/, async (route) => {
    if (route.request().method() === 'GET') return route.fallback();
    seen += 1;
    if (seen > passed) await released;
    await route.fallback();
  });
  return release;
}

test('every pet matching a search changes status; pets with an open order are refused and listed', async ({ browser }) => {
  test.setTimeout(300_000);
  const word = `Bk${Date.now().toString(36)}`;
  const client = apiClient();
  const pets = await seedPets(client, word, 1000);
  const withOrder = pets.filter((_, index) => index % 20 === 7);
  for (let start = 0; start < withOrder.length; start += 25) {
    await Promise.all(withOrder.slice(start, start + 25).map((pet) => client.placeOrder({ petId: pet.id, quantity: 1 })));
  }

  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets?name=${word}`);
  await expect(page.getByText('1–20 of 1,000', { exact: true })).toBeVisible();
  await selectAllMatching(page, '1,000');
  await inspectPage(page, 'pets-bulk-selection');

  await changeStatus(page, 'Sold', '1,000');
  const startedAt = Date.now();
  const summary = page.getByRole('status').filter({ hasText: '950 changed, 50 refused' });
  await expect(summary).toBeVisible({ timeout: 120_000 });
  console.log(`bulk status change of 1,000 pets (50 refused): ${((Date.now() - startedAt) / 1000).toFixed(1)} s from the click to the summary`);

  const now = await readBack(client, pets);
  const refusedIds = new Set(withOrder.map((pet) => pet.id));
  for (const pet of pets) expect(now.get(pet.id)?.status, pet.name).toBe(refusedIds.has(pet.id) ? 'pending' : 'sold');

  const refusals = page.getByRole('region', { name: 'Refused pets' }).getByRole('listitem');
  await expect(refusals).toHaveCount(50);
  expect((await refusals.getByRole('link').allTextContents()).sort(), 'the refused pets are those with an open order').toEqual(
    withOrder.map((pet) => pet.name).sort(),
  );
  const first = refusals.filter({ has: page.getByRole('link', { name: withOrder[0]!.name, exact: true }) });
  await expect(first).toContainText(`Pet ${withOrder[0]!.id} has an open order`);
  await expect(first.getByRole('link')).toHaveAttribute('href', `/pets/${withOrder[0]!.id}`);

  // The list refreshed; the selection is still every match.
  await expect(page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /Sold/ })).toContainText('950');
  await expect(page.getByRole('region', { name: 'Selected pets' })).toContainText('All 1,000 pets matching are selected.');
  await inspectPage(page, 'pets-bulk-summary');
});

test('Cancel stops sending at once and says how many pets changed, as the API does', async ({ browser }) => {
  const word = `Bc${Date.now().toString(36)}`;
  const client = apiClient();
  const pets = await seedPets(client, word, 200);
  const { page } = await signInAs(browser, 'editor');
  const release = await holdChangesAfter(page, 1);
  await page.goto(`/pets?name=${word}`);
  await expect(page.getByText('1–20 of 200', { exact: true })).toBeVisible();
  await selectAllMatching(page, '200');
  await changeStatus(page, 'Sold', '200');

  const progress = page.getByRole('region', { name: 'Bulk change' });
  await expect(progress.getByRole('progressbar', { name: 'Bulk change progress' })).toHaveAttribute('aria-valuenow', '50');
  await expect(progress).toContainText('Changing status to Sold: 50 of 200 pets');
  await inspectPage(page, 'pets-bulk-progress');
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toContainText('Stopping');
  release();

  const summary = page.getByRole('status').filter({ hasText: /^Cancelled: \d+ changed before it stopped/ });
  await expect(summary).toBeVisible();
  const shown = Number(/Cancelled: (\d+) changed/.exec((await summary.textContent()) ?? '')![1]);
  const sold = [...(await readBack(client, pets)).values()].filter((pet) => pet.status === 'sold').length;
  expect(shown, 'the count shown is what the API has').toBe(sold);
  // Two held chunks were on their way when Cancel came (the second and, sent as the first answered, the third):
  // they are waited for, and the fourth is never sent.
  expect(sold).toBe(150);
});

test('a session ended mid-way stops the run: nothing more is sent, and the tab goes to sign-in saying why', async ({ browser }) => {
  const word = `Bs${Date.now().toString(36)}`;
  const client = apiClient();
  const pets = await seedPets(client, word, 100);
  const { page } = await signInAs(browser, 'editor');
  const release = await holdChangesAfter(page, 1);
  await page.goto(`/pets?name=${word}`);
  await selectAllMatching(page, '100');
  await changeStatus(page, 'Sold', '100');
  await expect(page.getByRole('progressbar', { name: 'Bulk change progress' })).toHaveAttribute('aria-valuenow', '50');

  const { apiKey } = (await (await page.request.get('/api/auth/session')).json()) as { apiKey: string };
  await apiClient(apiKey).endOwnSessions();
  release();
  // The revoke ends the tab's change feed, whose refused reconnect takes it to sign-in at once.
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText('You signed out everywhere')).toBeVisible();
  const sold = [...(await readBack(client, pets)).values()].filter((pet) => pet.status === 'sold').length;
  expect(sold).toBe(50);
});

test('bulk delete keeps the pets with orders and lists them, and its summary takes it back', async ({ browser }) => {
  const word = `Bd${Date.now().toString(36)}`;
  const client = apiClient();
  // In id order, as the list shows them (made 50 at once, the ids are not in name order).
  const pets = (await seedPets(client, word, 30)).sort((a, b) => a.id - b.id);
  // Orders cancelled at once: no order is open, but each pet has one.
  const withOrders = pets.slice(3, 8);
  for (const pet of withOrders) await client.updateOrder((await client.placeOrder({ petId: pet.id, quantity: 1 })).id, { status: 'cancelled' });

  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets?name=${word}`);
  await expect(page.getByText('1–20 of 30', { exact: true })).toBeVisible();
  // One row, then another: the bar counts them.
  await page.getByRole('checkbox', { name: `Select ${pets[0]!.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${pets[1]!.name}` }).press('Space');
  await expect(page.getByRole('region', { name: 'Selected pets' })).toContainText('2 pets selected.');
  await expect(page.getByRole('checkbox', { name: 'Select all 20 pets on this page' })).not.toBeChecked();
  await selectAllMatching(page, '30');

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete 30 pets' }).click();
  await expect(page.getByRole('status').filter({ hasText: '25 deleted, 5 refused' })).toBeVisible();
  const left = await readBack(client, pets);
  expect([...left.keys()].sort()).toEqual(withOrders.map((pet) => pet.id).sort());
  const refusals = page.getByRole('region', { name: 'Refused pets' }).getByRole('listitem');
  await expect(refusals).toHaveCount(5);
  await expect(refusals.first()).toContainText('orders are kept as history');
  await expect(page.getByText('1–5 of 5', { exact: true })).toBeVisible();

  // A mistake taken back from the summary: the 25 deleted pets come back, under their ids.
  await page.getByRole('button', { name: 'Undo this bulk change' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this bulk change or import?' });
  await expect(confirm).toContainText('It touches 25 pets and leaves 0 alone.');
  await confirm.getByRole('button', { name: 'Undo for 25 pets' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone: 25 pets restored, 0 left alone' })).toBeVisible();
  expect([...(await readBack(client, pets)).keys()].sort()).toEqual(pets.map((pet) => pet.id).sort());
  await expect(page.getByText('1–20 of 30', { exact: true })).toBeVisible();
});

test('a viewer selects and exports, and is offered no bulk status or delete', async ({ browser }) => {
  const word = `Bv${Date.now().toString(36)}`;
  const pets = await seedPets(apiClient(), word, 3);
  const { page } = await signInAs(browser, 'viewer');
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  await page.goto(`/pets?name=${word}&sort=name`);
  await page.getByRole('checkbox', { name: `Select ${pets[0]!.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${pets[2]!.name}` }).check();
  const bar = page.getByRole('region', { name: 'Selected pets' });
  await expect(bar).toContainText('2 pets selected.');
  await expect(bar.getByRole('button', { name: 'Change status' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export selected' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(
    csv
      .split('\n')
      .filter(Boolean)
      .map((row) => row.split(',')[1]),
  ).toEqual(['name', ...[pets[0]!, pets[2]!].sort((a, b) => a.id - b.id).map((pet) => pet.name)]);
});

test('a selection over pages gives its whole size; the summary counts changed, already so and refused apart', async ({ browser }) => {
  test.setTimeout(120_000);
  const word = `Bs${Date.now().toString(36)}`;
  const client = apiClient();
  const pets = await seedPets(client, word, 45);
  // The list is in id order (made 50 at once, the ids are not in name order): the first two pages hold the first 40 ids.
  // Five of them are sold already, one has an open order.
  const onFirstPages = pets.sort((a, b) => a.id - b.id).slice(0, 40);
  const soldAlready = onFirstPages.slice(0, 5);
  await client.updatePets(
    soldAlready.map((pet) => pet.id),
    { status: 'sold' },
  );
  await client.placeOrder({ petId: onFirstPages[10]!.id, quantity: 1 });

  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets?name=${word}`);
  await expect(page.getByText('1–20 of 45', { exact: true })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Selected pets' });
  await page.getByRole('checkbox', { name: /^Select all 20 pets on this page$/ }).check();
  await expect(bar).toContainText('20 pets selected.');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('21–40 of 45', { exact: true })).toBeVisible();
  // The second page's rows, none of them selected yet.
  await expect(page.getByRole('checkbox', { name: `Select ${onFirstPages[20]!.name}` })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /^Select all 20 pets on this page$/ }).check();
  // The whole selection, not "All 20 pets on this page are selected".
  await expect(bar).toContainText('40 pets selected, all 20 on this page.');
  await inspectPage(page, 'pets-bulk-selection-pages');

  await changeStatus(page, 'Sold', '40');
  await expect(page.getByRole('status').filter({ hasText: '34 changed, 5 already Sold, 1 refused' })).toBeVisible({ timeout: 60_000 });
});

test('the selection bar moves the selected pets to another category', async ({ browser }) => {
  test.setTimeout(120_000);
  const word = `Bc${Date.now().toString(36)}`;
  const client = apiClient();
  const pets = await seedPets(client, word, 25);
  const target = (await client.listCategories({ limit: 100 })).items.find((category) => category.id !== 8)!;
  // Two of them are in the target category already.
  await client.updatePets([pets[0]!.id, pets[1]!.id], { categoryId: target.id });

  const { page } = await signInAs(browser, 'editor');
  await page.goto(`/pets?name=${word}`);
  await selectAllMatching(page, '25');
  await page.getByRole('button', { name: 'Change category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New category').selectOption({ label: target.name });
  await inspectPage(page, 'pets-bulk-category');
  await dialog.getByRole('button', { name: 'Move 25 pets' }).click();
  await expect(page.getByRole('status').filter({ hasText: `23 moved, 2 already in ${target.name}` })).toBeVisible({ timeout: 60_000 });
  for (const pet of (await readBack(client, pets)).values()) expect(pet.categoryId, pet.name).toBe(target.id);
});
