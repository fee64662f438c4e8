// Live pages: a change made elsewhere (here, through the API) shows on an open
// page within 2 s, without a reload and without polling the lists: a page refreshes
// at most once a second, so a change just after a refresh waits for the next one.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

/**
 * Opens `path` and waits for its change feed to connect: "within 2 s" is
 * for an open page, and under load the feed's first connection after a page
 * load can take longer than that by itself (what happened before it is
 * refreshed once it is up).
 */
async function openLive(page: Page, path: string): Promise<void> {
  const feed = page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/changes' && response.status() === 200);
  await page.goto(path);
  await feed;
}

const petTable = (page: Page) => page.getByRole('table', { name: 'Pets', exact: true });

/** The requests the page makes to the pets list from now on. */
function listRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/v1\/pets\?/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

test('a pet added through the API appears on an open /pets page within 2 s', async ({ page }) => {
  await page.goto('/pets?sort=-id');
  await expect(petTable(page)).toHaveAttribute('aria-busy', 'false');
  const allTab = page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^All/ });
  const totalBefore = Number((await allTab.textContent())!.replace(/\D/g, ''));
  // Once the feed listens (it refreshes what loaded before it did), the page left alone asks for nothing: no polling.
  await page.waitForTimeout(1000);
  const requests = listRequests(page);
  await page.waitForTimeout(2000);
  expect(requests).toEqual([]);

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  const name = `Live ${Date.now()}`;
  const added = apiClient().createPet({ name, categoryId: 5, status: 'available' });
  const started = Date.now();
  await added;
  await expect(petTable(page).locator('tbody tr').first().getByRole('link')).toHaveText(name, { timeout: 2000 });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeLessThan(1000);
  await expect(allTab).toContainText(new Intl.NumberFormat('en').format(totalBefore + 1), { timeout: 2000 });
  expect(navigations).toEqual([]);
});

test('a pet page follows an edit and an order made elsewhere', async ({ page }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Watched ${Date.now()}`, categoryId: 5, status: 'available' });
  await openLive(page, `/pets/${pet.id}`);
  await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
  await client.updatePet(pet.id, { name: `${pet.name} renamed` });
  await expect(page.getByRole('heading', { name: `${pet.name} renamed` })).toBeVisible({ timeout: 2000 });
  const order = await client.placeOrder({ petId: pet.id, quantity: 1 });
  await expect(page.locator('dl')).toContainText('Pending', { timeout: 2000 });

  await openLive(page, `/orders/${order.id}`);
  await expect(page.locator('dl')).toContainText('Placed');
  await client.updateOrder(order.id, { status: 'approved' });
  await expect(page.locator('dl')).toContainText('Approved', { timeout: 2000 });
});

test('the orders list and the categories page follow changes made elsewhere', async ({ page }) => {
  const client = apiClient();
  const pet = await client.createPet({ name: `Followed ${Date.now()}`, categoryId: 5, status: 'available' });
  await openLive(page, `/orders?petId=${pet.id}`);
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  const order = await client.placeOrder({ petId: pet.id, quantity: 2 });
  const orderTable = page.getByRole('table', { name: 'Orders', exact: true });
  await expect(orderTable.getByRole('link', { name: `Order ${order.id}` })).toBeVisible({ timeout: 2000 });
  await client.updateOrder(order.id, { status: 'cancelled' });
  await expect(orderTable.locator('tbody tr').first()).toContainText('Cancelled', { timeout: 2000 });

  await openLive(page, '/categories');
  await expect(page.getByRole('table', { name: 'Categories' })).toBeVisible();
  const category = await client.createCategory({ name: `Live ${Date.now()}` });
  await expect(page.getByRole('row', { name: new RegExp(category.name) })).toBeVisible({ timeout: 2000 });
  await client.updateCategory(category.id, { name: `${category.name} renamed` });
  await expect(page.getByRole('row', { name: new RegExp(`${category.name} renamed`) })).toBeVisible({ timeout: 2000 });
});
