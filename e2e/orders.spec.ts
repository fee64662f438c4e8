// The orders pages: the list with its status and pet filters, and one order.
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const orderTable = (page: Page) => page.getByRole('table', { name: 'Orders', exact: true });
const orderRows = (page: Page) => orderTable(page).locator('tbody tr');

test('lists orders with id, pet, quantity, status and ship date', async ({ page }) => {
  await page.goto('/orders');
  await expect(orderRows(page).first()).toBeVisible();
  await expect(orderTable(page).getByRole('columnheader')).toHaveText([
    'Order',
    'Pet',
    'Quantity',
    'Status',
    'Ship date',
  ]);
  await inspectPage(page, 'orders');
});

test('filters orders by status and by pet, in the URL', async ({ page }) => {
  await page.goto('/orders');
  await page.getByLabel('Status').selectOption('delivered');
  await expect(page).toHaveURL(/\/orders\?status=delivered$/);
  await expect(orderRows(page).first().locator('td').nth(3)).toHaveText('Delivered');
  await expect(orderTable(page)).toHaveAttribute('aria-busy', 'false');
  expect(new Set(await orderRows(page).locator('td:nth-child(4)').allTextContents())).toEqual(new Set(['Delivered']));

  const petLink = (await orderRows(page).first().locator('td').nth(1).textContent())!;
  const petId = petLink.replace('Pet ', '');
  await page.getByLabel('Pet ID').fill(petId);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?status=delivered&petId=${petId}$`));
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first().locator('td').nth(1)).toHaveText(petLink);

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
