// The orders pages: the list with its status and pet filters, and one order.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const orderTable = (page: Page) => page.getByRole('table', { name: 'Orders', exact: true });
const orderRows = (page: Page) => orderTable(page).locator('tbody tr');

test('lists orders with id, pet name, quantity, status, date placed and ship date', async ({ page }) => {
  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(orderTable(page).getByRole('columnheader')).toHaveText([
    'Order',
    'Pet',
    'Quantity',
    'Status',
    'Placed',
    'Ship date',
  ]);
  // Pets by name, each with its id; never a bare "Pet N" once loaded.
  await expect(orderRows(page).first().locator('td').nth(1)).toHaveText(/^(?!Pet \d).+#\d+$/);
  await inspectPage(page, 'orders');
});

test('filters orders by status and by pet, in the URL', async ({ page }) => {
  await page.goto('/orders');
  await page.getByLabel('Status').selectOption('delivered');
  await expect(page).toHaveURL(/\/orders\?status=delivered$/);
  await expect(orderRows(page).first().locator('td').nth(3)).toHaveText('Delivered');
  await expect(orderTable(page)).toHaveAttribute('aria-busy', 'false');
  expect(new Set(await orderRows(page).locator('td:nth-child(4)').allTextContents())).toEqual(new Set(['Delivered']));

  const petCell = (await orderRows(page).first().locator('td').nth(1).textContent())!;
  const petId = (await orderRows(page).first().locator('td').nth(1).getByRole('link').getAttribute('href'))!.replace('/pets/', '');
  await page.getByLabel('Pet ID').fill(petId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?status=delivered&petId=${petId}$`));
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first().locator('td').nth(1)).toHaveText(petCell);

  await page.getByLabel('Status').selectOption('cancelled');
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
