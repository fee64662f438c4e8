// The orders pages: the list with its status tabs and pet filter, and one order.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const orderTable = (page: Page) => page.getByRole('table', { name: 'Orders', exact: true });
const orderRows = (page: Page) => orderTable(page).locator('tbody tr');
// The list's cells by column, the row's selection box first: Order, Pet, Quantity, Status, ….
const PET_CELL = 2;
const STATUS_CELL = 4;

test('lists orders with id, pet name, quantity, status, date placed and ship date', async ({ page }) => {
  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(orderTable(page).getByRole('columnheader')).toHaveText(['', 'Order', 'Pet', 'Quantity', 'Status', 'Placed', 'Ship date']);
  // Pets by name, each with its id; never a bare "Pet N" once loaded.
  await expect(orderRows(page).first().locator('td').nth(PET_CELL)).toHaveText(/^(?!Pet \d).+#\d+$/);
  await inspectPage(page, 'orders');
});

const statusTab = (page: Page, label: string) => page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: new RegExp(`^${label}`) });

test('filters orders by status and by pet, in the URL', async ({ page }) => {
  await page.goto('/orders');
  await statusTab(page, 'Delivered').click();
  await expect(page).toHaveURL(/\/orders\?status=delivered$/);
  await expect(orderRows(page).first().locator('td').nth(STATUS_CELL)).toHaveText('Delivered');
  await expect(orderTable(page)).toHaveAttribute('aria-busy', 'false');
  expect(
    new Set(
      await orderRows(page)
        .locator(`td:nth-child(${STATUS_CELL + 1})`)
        .allTextContents(),
    ),
  ).toEqual(new Set(['Delivered']));

  // The pet's name, once the page's names have come (one request after the rows).
  await expect(orderRows(page).first().locator('td').nth(PET_CELL)).toHaveText(/^(?!Loading).+#\d+$/);
  const petCell = (await orderRows(page).first().locator('td').nth(PET_CELL).textContent())!;
  const petId = (await orderRows(page).first().locator('td').nth(PET_CELL).getByRole('link').getAttribute('href'))!.replace('/pets/', '');
  await page.getByLabel('Pet ID').fill(petId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?status=delivered&petId=${petId}$`));
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first().locator('td').nth(PET_CELL)).toHaveText(petCell);

  await statusTab(page, 'Cancelled').click();
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test('opens an order, and its pet from there', async ({ page }) => {
  await page.goto('/orders');
  const orderLink = orderRows(page).first().getByRole('link').first();
  const orderName = (await orderLink.textContent())!;
  await orderLink.click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: orderName })).toBeVisible();
  await expect(page.locator('dl dt')).toHaveText(['ID', 'Pet', 'Pet status', 'Quantity', 'Status', 'Ship date', 'Placed']);
  await inspectPage(page, 'order');

  const petLink = page.locator('dl').getByRole('link');
  const petId = (await petLink.getAttribute('href'))!.replace('/pets/', '');
  await petLink.click();
  await expect(page).toHaveURL(new RegExp(`/pets/${petId}$`));
  await expect(page.locator('dl')).toContainText(petId);
});

test('places an order from the Orders page: a pet found by name among the available ones, and a quantity', async ({ page }) => {
  const word = `Op${Date.now().toString(36)}`;
  const pet = await apiClient().createPet({ name: `${word} Finch`, categoryId: 6, status: 'available' });
  await apiClient().createPet({ name: `${word} Sold Finch`, categoryId: 6, status: 'sold' });
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place an order' });
  await dialog.getByLabel('Find a pet').fill(word);
  // Only the available one is offered, and being the only match it is chosen.
  await expect(dialog.getByLabel('Pet', { exact: true }).locator('option')).toHaveText(['Choose a pet', `${pet.name} (#${pet.id})`]);
  await expect(dialog.getByLabel('Pet', { exact: true })).toHaveValue(String(pet.id));
  await dialog.getByLabel('Quantity').fill('0');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog.getByLabel('Quantity')).toHaveAccessibleDescription('Quantity must be an integer from 1 to 1000.');
  await inspectPage(page, 'orders-place');

  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: /Order \d+ placed/ });
  await expect(notice).toContainText('Quantity 3');
  await notice.getByRole('link', { name: /View order/ }).click();
  await expect(page.locator('dl')).toContainText(pet.name);
  await expect(page.locator('dl')).toContainText('3');
});

test('reads the pet names of a page of orders in one request, with a neutral placeholder meanwhile', async ({ page }) => {
  const word = `Batch${Date.now().toString(36)}`;
  for (const name of ['Wren', 'Robin', 'Jay']) {
    const pet = await apiClient().createPet({ name: `${word} ${name}`, categoryId: 6, status: 'available' });
    await apiClient().placeOrder({ petId: pet.id, quantity: 1 });
  }
  const petRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/v1/pets')) petRequests.push(`${pathname}${search}`);
  });
  // Hold the names back a moment, to see what stands in for them.
  let releaseNames!: () => void;
  const namesHeld = new Promise<void>((resolve) => (releaseNames = resolve));
  await page.route(/\/v1\/pets\?id=/, async (route) => {
    await namesHeld;
    await route.continue();
  });

  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(page.getByTestId('pet-name-loading').first()).toBeVisible();
  await expect(
    orderTable(page)
      .locator(`td:nth-child(${PET_CELL + 1})`)
      .filter({ hasText: /^Pet \d/ }),
  ).toHaveCount(0);
  releaseNames();
  await expect(page.getByTestId('pet-name-loading')).toHaveCount(0);

  const petLinks = orderTable(page).locator(`td:nth-child(${PET_CELL + 1}) a`);
  const petIds = new Set(
    (await petLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map((href) => Number(href!.replace('/pets/', ''))),
  );
  expect(petIds.size).toBeGreaterThan(1);
  expect(petRequests).toEqual([`/v1/pets?id=${[...petIds].sort((a, b) => a - b).join(',')}`]);
  // Each row shows its pet's own name.
  const pets = new Map((await apiClient().listPetsByIds([...petIds])).map((pet) => [pet.id, pet.name]));
  for (const link of await petLinks.all()) {
    const petId = Number((await link.getAttribute('href'))!.replace('/pets/', ''));
    await expect(link).toHaveText(pets.get(petId)!);
  }
});
