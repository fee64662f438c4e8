// Roles in the dashboard (docs/ROLES.md): a viewer, an editor and an
// admin sign in and find each action allowed or hidden exactly as the table says;
// the same session's key, used straight against /v1, gets 403 for what the role
// lacks. The new pages pass axe and are photographed (inspectPage).
import { expect, test, type Page } from '@playwright/test';
import type { Role } from '../lib/contract/roles';
import { apiClient } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

/** What each role finds, section by section: true allowed (shown), false hidden. */
const CAN = {
  viewer: { edit: false, administer: false, writeKeys: false },
  editor: { edit: true, administer: false, writeKeys: true },
  admin: { edit: true, administer: true, writeKeys: true },
} satisfies Record<Role, Record<string, boolean>>;

for (const role of ['viewer', 'editor', 'admin'] as const) {
  test(`a ${role} finds every action allowed or hidden as the role table says`, async ({ browser }) => {
    const { page } = await signInAs(browser, role);
    const may = CAN[role];
    const shown = async (locator: ReturnType<Page['getByRole']>, isAllowed: boolean, what: string) =>
      isAllowed ? await expect(locator, `${role}: ${what}`).toBeVisible() : await expect(locator, `${role}: ${what}`).toHaveCount(0);

    await expect(page.getByRole('table', { name: 'Pets' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Export CSV/ })).toBeVisible();
    await shown(page.getByRole('button', { name: 'Add pet' }), may.edit, 'Add pet');
    await shown(page.getByRole('link', { name: 'Import CSV' }), may.edit, 'Import CSV');
    await page.getByRole('table', { name: 'Pets' }).locator('tbody').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/pets\/\d+$/);
    await shown(page.getByRole('button', { name: 'Edit' }), may.edit, 'Edit pet');
    await shown(page.getByRole('button', { name: 'Delete' }), may.edit, 'Delete pet');
    // A pet's History is everyone's to read; restoring from it is an editor's.
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();

    await page.goto('/categories');
    await shown(page.getByRole('button', { name: 'Add category' }), may.edit, 'Add category');
    await shown(page.getByRole('button', { name: /^Rename/ }).first(), may.edit, 'Rename category');

    await page.goto('/orders');
    await shown(page.getByRole('button', { name: 'Place order' }), may.edit, 'Place order');
    if (!may.edit) await expect(page.getByText('You can look, not change: orders are read-only for you')).toBeVisible();

    await page.goto('/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const scope = page.getByRole('dialog').getByLabel('Scope');
    await expect(scope.locator('option[value="write"]')).toBeEnabled({ enabled: may.writeKeys });
    await page.keyboard.press('Escape');

    await page.goto('/users');
    await shown(page.getByRole('table', { name: 'Users' }), may.administer, 'Users table');
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await shown(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity' }), may.administer, 'Activity link');
    if (role === 'viewer') await inspectPage(page, 'users-viewer');

    // The same session's key straight against /v1.
    const { apiKey } = (await (await page.request.get('/api/auth/session')).json()) as { apiKey: string };
    const asSession = apiClient(apiKey);
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    expect(await status(asSession.listPets())).toBe(200);
    expect(await status(asSession.createCategory({ name: '' }))).toBe(may.edit ? 400 : 403);
    expect(await status(asSession.listUsers())).toBe(may.administer ? 200 : 403);
    expect(await status(asSession.listActivity())).toBe(may.administer ? 200 : 403);
  });
}

test('an admin reads the activity log, filters it, and sees a pet’s history', async ({ browser }) => {
  const { page, email } = await signInAs(browser, 'admin');
  const { apiKey } = (await (await page.request.get('/api/auth/session')).json()) as { apiKey: string };
  const pet = await apiClient(apiKey).createPet({ name: 'Historic Hedgehog', categoryId: 2, status: 'available' });
  await apiClient(apiKey).updatePet(pet.id, { name: 'Historic Hedgehog II' });

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await page.getByLabel('Resource').selectOption('pet');
  await page.getByLabel('Its id').fill(String(pet.id));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`resource=pet&resourceId=${pet.id}`));
  const log = page.getByRole('table', { name: 'Activity' });
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log).toContainText(email);
  await expect(log).toContainText('Historic Hedgehog II');
  await inspectPage(page, 'activity');

  await page.goto(`/pets/${pet.id}`);
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await inspectPage(page, 'pet-history');

  await page.goto('/users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await inspectPage(page, 'users-admin');
});
