// Rough edges a day of real use found: ordering from a pet's page asks first
// (the Orders page's dialog), a field's error goes when the field changes, and
// a tab's count reads "1 pet", not "1 pets".
import { expect, test, type Locator } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

const isInvalid = (field: Locator) => expect(field).toHaveAttribute('aria-invalid', 'true');
const isValid = (field: Locator) => expect(field).not.toHaveAttribute('aria-invalid', 'true');

test('"Place order" on a pet\'s page opens the order dialog, with the pet given and the quantity asked', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Dialog Dove ${Date.now()}`, categoryId: 7, status: 'available' });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place an order' });
  await expect(dialog).toContainText(pet.name);
  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toContainText('quantity 3');
  const orders = await apiClient().listOrders({ petId: pet.id });
  expect(orders.items.map((order) => order.quantity)).toEqual([3]);
});

test('"Place order" on a pet\'s page orders nothing when the dialog is cancelled', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Cancel Crane ${Date.now()}`, categoryId: 7, status: 'available' });
  await page.goto(`/pets/${pet.id}`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('dialog', { name: 'Place an order' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await apiClient().listOrders({ petId: pet.id })).items).toEqual([]);
  expect((await apiClient().getPet(pet.id)).status).toBe('available');
});

test("in Add pet, each field's error goes when that field changes, a new category included", async ({ page }) => {
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  const name = dialog.getByLabel('Name');
  const category = dialog.getByLabel('Category', { exact: true });
  await dialog.getByRole('button', { name: 'Add pet' }).click();
  await isInvalid(name);
  await isInvalid(category);

  await name.fill('Errorless Emu');
  await isValid(name);
  await isInvalid(category);

  await dialog.getByRole('button', { name: 'New category' }).click();
  await dialog.getByLabel('New category name').fill(`Ratites ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await isValid(category);
  await expect(dialog.getByText(/must|required/i)).toHaveCount(0);
});

test('on Categories, the duplicate-name error goes when the field changes, and names the stored category', async ({ page }) => {
  const stored = `Finches ${Date.now()}`;
  await apiClient().createCategory({ name: stored });
  await page.goto('/categories');
  const field = page.getByLabel('New category');
  await field.fill(stored.toUpperCase());
  await page.getByRole('button', { name: 'Add category' }).click();
  await isInvalid(field);
  // A RegExp matches case-sensitively (a string would not): the stored name, not the typed one.
  await expect(page.getByText(new RegExp(`"${stored}" already exists`))).toBeVisible();
  await field.fill('');
  await isValid(field);
  await expect(page.getByText('already exists')).toHaveCount(0);
});

test('a tab with one pet reads "1 pet"', async ({ page }) => {
  const name = `Singular Stoat ${Date.now()}`;
  await apiClient().createPet({ name, categoryId: 7, status: 'available' });
  await page.goto(`/pets?name=${encodeURIComponent(name)}`);
  const tabs = page.getByRole('navigation', { name: 'Status' });
  await expect(tabs.getByRole('link', { name: 'All 1 pet', exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Sold 0 pets', exact: true })).toBeVisible();
});

test('one long name wraps: the list stays a table, and no name is cut off', async ({ page }) => {
  const stamp = Date.now();
  const spaced = `Longname ${stamp} ${'Fluffy '.repeat(20)}`.slice(0, 100).trim();
  const unbroken = `Longname${stamp}${'X'.repeat(100)}`.slice(0, 100);
  for (const name of [spaced, unbroken]) await apiClient().createPet({ name, categoryId: 7, status: 'available' });
  await page.goto(`/pets?name=Longname${stamp}`);
  await expect(page.getByRole('link', { name: unbroken })).toBeVisible();
  await page.goto(`/pets?name=Longname`);
  await expect(page.getByRole('link', { name: spaced })).toBeVisible();
  await expect(page.locator('[data-stacked]')).toHaveAttribute('data-stacked', 'false');
  await expect(page.getByRole('columnheader', { name: /Category/ })).toBeVisible();
  // Wrapped, not cut: every name's link is as wide as its text needs, inside the card.
  for (const link of await page.getByRole('table', { name: 'Pets', exact: true }).locator('tbody a').all()) {
    expect(await link.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
  }
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a pet's page with a long name fits the screen", async ({ page }) => {
    const name = `Widename${Date.now()}${'W'.repeat(100)}`.slice(0, 100);
    const pet = await apiClient().createPet({ name, categoryId: 7 });
    await page.goto(`/pets/${pet.id}`);
    const heading = page.getByRole('heading', { name, level: 1 });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the Category select in Add pet is as tall as the other fields', async ({ page }) => {
    await page.goto('/pets');
    await page.getByRole('button', { name: 'Add pet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pet' });
    const category = (await dialog.getByLabel('Category', { exact: true }).boundingBox())!;
    const name = (await dialog.getByLabel('Name').boundingBox())!;
    expect(category.height).toBe(name.height);
  });
});

test("messages read as plain English, not the API's terms", async ({ page }) => {
  const refusals = [
    {
      status: 503,
      code: 'service_unavailable',
      message: 'The database is unavailable; retry after the number of seconds in Retry-After.',
      shown: 'The server is busy or restarting. Try again in a moment.',
    },
    { status: 403, code: 'forbidden', message: 'This API key lacks the write scope.', shown: 'Your role does not allow this. An admin can change your role.' },
  ];
  for (const refusal of refusals) {
    await page.route('**/v1/pets?*', (route) =>
      route.fulfill({
        status: refusal.status,
        contentType: 'application/json',
        body: JSON.stringify({ code: refusal.code, message: refusal.message, status: refusal.status }),
      }),
    );
    await page.goto('/pets?sort=name');
    const error = page.getByRole('alert').filter({ hasText: 'Could not load pets' });
    await expect(error).toContainText(refusal.shown);
    await expect(error).not.toContainText(refusal.message);
    await page.unrouteAll();
  }
});
