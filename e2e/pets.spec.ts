// The pets pages: the list with its URL-held status tabs and pages, adding a pet, one pet.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { seedPets } from './support/pets';

test.use({ storageState: STORAGE_STATE });

const petTable = (page: Page) => page.getByRole('table', { name: 'Pets', exact: true });
const petRows = (page: Page) => petTable(page).locator('tbody tr');
const statusTab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: new RegExp(`^${name}`) });

/** The ids on the page once it has settled (the previous page stays, dimmed and busy, while the next one loads). */
async function idsOnPage(page: Page): Promise<number[]> {
  await expect(petTable(page)).toHaveAttribute('aria-busy', 'false');
  return (await petRows(page).locator('td:last-child').allTextContents()).map(Number);
}

test('lists pets with name, category, status, tags and id', async ({ page }) => {
  await page.goto('/pets');
  await expect(petRows(page)).toHaveCount(20);
  await expect(petTable(page).getByRole('columnheader')).toHaveText(['', 'Name', 'Category', 'Status', 'Tags', 'ID']);
  await expect(petRows(page).first().getByRole('link').first()).toHaveText('Biscuit');
  await expect(petRows(page).first().getByRole('list', { name: 'Tags of Biscuit' })).toHaveText('good with kidsvaccinated');
  await inspectPage(page, 'pets');
});

for (const [status, label] of [
  ['available', 'Available'],
  ['pending', 'Pending'],
  ['sold', 'Sold'],
] as const) {
  test(`filters the list by status ${status}`, async ({ page }) => {
    await page.goto('/pets');
    await expect(petRows(page)).toHaveCount(20);
    await statusTab(page, label).click();
    await expect(page).toHaveURL(new RegExp(`/pets\\?status=${status}$`));
    await expect(statusTab(page, label)).toHaveAttribute('aria-current', 'page');
    await expect(petRows(page).first().locator('td').nth(3)).toHaveText(label);
    await expect(petTable(page)).toHaveAttribute('aria-busy', 'false');
    const statuses = await petRows(page).locator('td:nth-child(4)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([label]));
  });
}

test('pages forward and back through the URL, and a filter change returns to page 1', async ({ page }) => {
  await page.goto('/pets?limit=10');
  await expect(petRows(page)).toHaveCount(10);
  const firstPage = await idsOnPage(page);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/limit=10&cursor=[\w-]+$/);
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(petRows(page).first().locator('td:last-child')).not.toHaveText(String(firstPage[0]));
  const secondPage = await idsOnPage(page);
  expect(Math.min(...secondPage)).toBeGreaterThan(Math.max(...firstPage));

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Page 3')).toBeVisible();
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect.poll(() => idsOnPage(page)).toEqual(secondPage);

  await page.goBack();
  await expect(page.getByText('Page 3')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect.poll(() => idsOnPage(page)).toEqual(firstPage);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await statusTab(page, 'Available').click();
  await expect(page).toHaveURL(/\/pets\?status=available&limit=10$/);
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
});

test('the pager gives the page count and goes back to the first page', async ({ page }) => {
  const word = `Pg${Date.now().toString(36)}`;
  await seedPets(apiClient(), word, 25);
  await page.goto(`/pets?name=${word}&limit=10`);
  const pager = page.getByRole('navigation', { name: 'Pets pages' });
  await expect(pager).toContainText('Page 1 of 3');
  await expect(pager.getByRole('link', { name: 'First' })).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 3');
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 3 of 3');
  await pager.getByRole('link', { name: 'First' }).click();
  await expect(pager).toContainText('Page 1 of 3');
  await expect(page).toHaveURL(new RegExp(`/pets\\?name=${word}&limit=10$`));
});

test('the menu link opens a clean list', async ({ page }) => {
  await page.goto('/pets?status=sold&limit=10');
  await expect(petRows(page).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Pets' }).click();
  await expect(page).toHaveURL(/\/pets$/);
  await expect(statusTab(page, 'All')).toHaveAttribute('aria-current', 'page');
  await expect(petRows(page)).toHaveCount(20);
});

test('adds a pet, shows it without a reload, and finds it by its status', async ({ page }) => {
  const name = `Pip ${Date.now()}`;
  const category = await apiClient().createCategory({ name: `Songbirds ${Date.now()}` });
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await inspectPage(page, 'add-pet');

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await dialog.getByLabel('Status').selectOption('sold');
  await dialog.getByRole('button', { name: 'Add pet' }).click();

  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: `${name} was added` });
  await expect(notice).toBeVisible();
  await inspectPage(page, 'pet-added');
  await notice.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/pets\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.locator('dl')).toContainText('Sold');
  await expect(page.locator('dl')).toContainText(category.name);

  await page.goto('/pets?status=sold&sort=-id');
  await expect(petTable(page).getByRole('link', { name })).toBeVisible();
});

test('refuses an invalid pet in the browser, with the errors beside the fields', async ({ page }) => {
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Add pet' }).click();

  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name must not be empty.');
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveAccessibleDescription('Category is required.');
  await inspectPage(page, 'add-pet-errors');
});

test("shows the server's field errors when the API refuses a pet", async ({ page }) => {
  const category = await apiClient().createCategory({ name: `Refusals ${Date.now()}` });
  await page.route('**/v1/pets', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'invalid_request',
        message: 'Invalid request body: categoryId must be at most 9007199254740991.',
        status: 400,
        details: [{ path: 'categoryId', message: 'must be at most 9007199254740991 (2^53-1)' }],
      }),
    });
  });
  await page.goto('/pets');
  await page.getByRole('button', { name: 'Add pet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pet' });
  await dialog.getByLabel('Name').fill('Refused');
  await dialog.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await dialog.getByRole('button', { name: 'Add pet' }).click();
  await expect(dialog.getByLabel('Category', { exact: true })).toHaveAccessibleDescription('Category must be at most 9007199254740991 (2^53-1).');
  await expect(dialog).toBeVisible();
});

test('opens a pet from its name in the list, its page prefetched on hover, not on sight', async ({ page }) => {
  // Next's prefetches carry this header: a list in view asks for none (components/intent-link.tsx).
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch']) prefetched.add(new URL(request.url()).pathname);
  });
  await page.goto('/pets?status=pending');
  await expect(petTable(page)).toHaveAttribute('aria-busy', 'false');
  const link = petRows(page).first().getByRole('link').first();
  const name = await link.textContent();
  const href = (await link.getAttribute('href'))!;
  const prefetch = page.waitForRequest((request) => new URL(request.url()).pathname === href && !!request.headers()['next-router-prefetch']);
  await link.hover();
  await prefetch;
  expect([...prefetched]).toEqual([href]);
  await link.click();
  await expect(page).toHaveURL(/\/pets\/\d+$/);
  await expect(page.getByRole('heading', { name: name! })).toBeVisible();
  const details = page.locator('dl');
  await expect(details).toContainText('Pending');
  await expect(details.locator('dt')).toHaveText(['ID', 'Name', 'Category', 'Status', 'Tags', 'Added', 'Last changed']);
  await inspectPage(page, 'pet');
});

test('tells "no pets yet" from "no pets match", and retries after an error', async ({ page }) => {
  await page.route('**/v1/pets?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.route('**/v1/pets', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.goto('/pets');
  await expect(page.getByText('No pets yet')).toBeVisible();
  await inspectPage(page, 'pets-empty');
  await page.goto('/pets?status=sold');
  await expect(page.getByText('No pets match these filters')).toBeVisible();
  await page.unrouteAll();

  // Every list request fails until Retry is pressed. It failed three, then let the rest through:
  // another request for the list (a refetch) could spend one, and the third attempt succeeded.
  let isFailing = true;
  await page.route('**/v1/pets?*', async (route) => {
    if (!isFailing) return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal_error', message: 'Something went wrong on our side.', status: 500 }),
    });
  });
  await page.goto('/pets?status=available');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load pets' })).toBeVisible();
  await inspectPage(page, 'pets-error');
  isFailing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(petRows(page).first()).toBeVisible();
});
