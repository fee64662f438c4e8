// The Activity page: an admin finds a person's entries (the changes made to their account
// as well as theirs) in a range of days, reads them in words to the second, opens the
// records from the log, and exports the filtered entries as CSV.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

test('an admin filters by person and days, opens the records, and exports the entries as CSV', async ({ browser }) => {
  const { page, email: adminEmail } = await signInAs(browser, 'admin');
  // No file picker to drive here: the export takes its other path, a Blob downloaded at the end.
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  const { apiKey } = (await (await page.request.get('/api/auth/session')).json()) as { apiKey: string };
  const asAdmin = apiClient(apiKey);
  const word = `keeper${Date.now().toString(36)}`;
  const person = await apiClient().createUser({ email: `${word}@activity.test`, password: 'a person password', role: 'viewer' });
  await asAdmin.resetUserPassword(person.id);
  const pet = await asAdmin.createPet({ name: `Logged ${word}`, categoryId: 2, status: 'available' });
  await asAdmin.updatePet(pet.id, { name: `Logged ${word}, "renamed"`, categoryId: 3 });

  await page.goto('/activity');
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  await page.getByLabel('Person').fill(word.toUpperCase());
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`person=${word.toUpperCase()}.*from=${today}&to=${today}`));
  const log = page.getByRole('table', { name: 'Activity' });
  const rows = log.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`User #${person.id} password reset`);
  await expect(rows.nth(1)).toContainText(adminEmail);
  await expect(rows.nth(2)).toContainText(`User #${person.id} created`);
  await expect(rows.nth(2)).toContainText('Email:');
  await expect(log).not.toContainText('must_change_password');
  // Local time, to the second.
  await expect(rows.nth(1).locator('time')).toHaveText(/\d{1,2}:\d{2}:\d{2}/);
  await inspectPage(page, 'activity-person');

  const csv = await (async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
    return readFile((await file.path())!, 'utf8');
  })();
  expect(csv.split('\n')[0]).toBe('at (UTC),who,actorUserId,actorKeyId,resource,resourceId,action,changes,before,after,requestId');
  // One record an entry, newest first; a cell of several lines is quoted.
  const records = csv.split(/\n(?=\d{4}-\d\d-\d\dT)/).slice(1);
  expect(records).toHaveLength(2);
  expect(records[0]).toContain(`,User,${person.id},password reset,,,,`);
  expect(records[1]).toContain(`,User,${person.id},created,"`);
  expect(records[1]).toContain(`Email: ${word}@activity.test\n`);
  await expect(page.getByRole('status').filter({ hasText: 'Export finished' })).toContainText('2 entries written');

  // The reset's entry holds no email: the link finds the account by its email today.
  await rows
    .nth(1)
    .getByRole('link', { name: `User #${person.id}` })
    .click();
  await expect(page).toHaveURL(/\/users\?search=/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(person.email);

  await page.goto(`/activity?resource=pet&resourceId=${pet.id}`);
  const update = page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1);
  await expect(update).toContainText(`Pet #${pet.id} changed`);
  await expect(update).toContainText('Category: 2 → 3');
  await expect(update).not.toContainText('category_id');
  await update.getByRole('link', { name: `Pet #${pet.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${pet.id}$`));
  await expect(page.getByRole('heading', { name: `Logged ${word}, "renamed"` })).toBeVisible();
});

test('a range that ends before it starts says so, and a person with no entries is told apart from an empty log', async ({ browser }) => {
  const { page } = await signInAs(browser, 'admin');
  await page.goto('/activity?from=2026-11-02&to=2026-11-01');
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'The range ends before it starts' })).toBeVisible();
  await page.goto(`/activity?person=nobody-${Date.now()}`);
  await expect(page.getByText('No entries match these filters')).toBeVisible();
});
