// Finding orders: the search by pet name, the status tabs with their counts, the
// total, the order by date placed (menu and column header), all held in the URL;
// and a pet's page: its orders, linked, and when it was added and last changed.
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@/lib/contract/orders';
import type { Pet } from '@/lib/contract/pets';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const orderTable = (page: Page) => page.getByRole('table', { name: 'Orders', exact: true });
const orderRows = (page: Page) => orderTable(page).locator('tbody tr');
const tab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name });

async function orderIdsOnPage(page: Page): Promise<number[]> {
  await expect(orderTable(page)).toHaveAttribute('aria-busy', 'false');
  return (
    await orderRows(page)
      .getByRole('link', { name: /^Order \d+$/ })
      .allTextContents()
  ).map((text) => Number(text.replace('Order ', '')));
}

/**
 * Three pets whose names share a word no other pet has, and 13 orders for them:
 * the heron's 10 cancelled and 1 placed, the egret's delivered, the ibis's approved.
 */
async function orderFamily(word: string): Promise<{ heron: Pet; orders: Order[] }> {
  const client = apiClient();
  const pets: Pet[] = [];
  for (const name of ['Heron', 'Egret', 'Ibis']) pets.push(await client.createPet({ name: `${word} ${name}`, categoryId: 5, status: 'available' }));
  const orders: Order[] = [];
  const place = async (pet: Pet) => {
    const order = await client.placeOrder({ petId: pet.id, quantity: 1 });
    orders.push(order);
    return order;
  };
  for (let round = 0; round < 10; round++) await client.updateOrder((await place(pets[0]!)).id, { status: 'cancelled' });
  await place(pets[0]!);
  const delivered = await place(pets[1]!);
  await client.updateOrder(delivered.id, { status: 'approved' });
  await client.updateOrder(delivered.id, { status: 'delivered' });
  await client.updateOrder((await place(pets[2]!)).id, { status: 'approved' });
  return { heron: pets[0]!, orders };
}

test('searches by pet name, with counts in the tabs, the total, and the order by date placed', async ({ page }) => {
  const word = `Ow${Date.now().toString(36)}`;
  const { orders } = await orderFamily(word);
  const ids = orders.map((order) => order.id);
  await page.goto('/orders?limit=10');
  await expect(orderRows(page).first()).toBeVisible();

  await page.getByLabel('Search').fill(word.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`/orders\\?petName=${word.toLowerCase()}&limit=10$`));
  await expect.poll(() => orderIdsOnPage(page)).toEqual(ids.slice(0, 10));
  await expect(page.getByText('1–10 of 13', { exact: true })).toBeVisible();
  await expect(tab(page, /^All/)).toHaveText('All13 orders');
  await expect(tab(page, /^All/)).toHaveAttribute('aria-current', 'page');
  await expect(tab(page, /^Placed/)).toHaveText('Placed1 order');
  await expect(tab(page, /^Approved/)).toHaveText('Approved1 order');
  await expect(tab(page, /^Delivered/)).toHaveText('Delivered1 order');
  await expect(tab(page, /^Cancelled/)).toHaveText('Cancelled10 orders');

  await page.getByRole('navigation', { name: 'Orders pages' }).getByRole('link', { name: 'Next' }).click();
  await expect.poll(() => orderIdsOnPage(page)).toEqual(ids.slice(10));
  await expect(page.getByText('11–13 of 13', { exact: true })).toBeVisible();

  // Latest first, from the menu: page 1 again, the search kept.
  await page.getByLabel('Order', { exact: true }).selectOption('-createdAt');
  await expect(page).toHaveURL(new RegExp(`/orders\\?petName=${word.toLowerCase()}&sort=-createdAt&limit=10$`));
  await expect.poll(() => orderIdsOnPage(page)).toEqual([...ids].reverse().slice(0, 10));
  await expect(orderTable(page).getByRole('columnheader', { name: /Placed/ })).toHaveAttribute('aria-sort', 'descending');
  await inspectPage(page, 'orders-search');

  // The Placed header turns it back to earliest first.
  await orderTable(page)
    .getByRole('columnheader', { name: /Placed/ })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/sort=createdAt/);
  await expect.poll(() => orderIdsOnPage(page)).toEqual(ids.slice(0, 10));
  await expect(orderTable(page).getByRole('columnheader', { name: /Placed/ })).toHaveAttribute('aria-sort', 'ascending');

  await tab(page, /^Cancelled/).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?status=cancelled&petName=${word.toLowerCase()}&sort=createdAt&limit=10$`));
  await expect.poll(() => orderIdsOnPage(page)).toEqual(ids.slice(0, 10));
  await expect(page.getByText('1–10 of 10', { exact: true })).toBeVisible();

  await page.getByLabel('Search').fill(`${word} nobody`);
  await expect(page.getByText('No orders match these filters')).toBeVisible();
  await expect(tab(page, /^All/)).toHaveText('All0 orders');
});

test("a pet's page lists its orders, latest first and linked, and says when it was added and last changed", async ({ page }) => {
  const word = `Op${Date.now().toString(36)}`;
  const { heron, orders } = await orderFamily(word);
  const heronOrders = orders.filter((order) => order.petId === heron.id);
  const timestamps = await apiClient().getPetTimestamps(heron.id);
  expect(Date.parse(timestamps.updatedAt)).toBeGreaterThan(Date.parse(timestamps.createdAt));

  await page.goto(`/pets/${heron.id}`);
  const details = page.locator('dl');
  await expect(details.locator('dt')).toHaveText(['ID', 'Name', 'Category', 'Status', 'Tags', 'Added', 'Last changed']);
  await expect(details.locator('time')).toHaveCount(2);
  await expect(details.locator('time').first()).toHaveAttribute('datetime', timestamps.createdAt);
  await expect(details.locator('time').last()).toHaveAttribute('datetime', timestamps.updatedAt);

  const section = page.getByRole('region', { name: /^Orders/ });
  await expect(section.getByRole('heading', { name: /^Orders\s*11$/ })).toBeVisible();
  const table = section.getByRole('table', { name: 'Orders for this pet, latest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['Order', 'Quantity', 'Status', 'Placed', 'Ship date']);
  await expect(table.locator('tbody tr td:first-child')).toHaveText(
    [...heronOrders]
      .reverse()
      .slice(0, 10)
      .map((order) => `Order ${order.id}`),
  );
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('Placed');
  await inspectPage(page, 'pet-orders');

  await section.getByRole('link', { name: 'All 11 orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders\\?petId=${heron.id}&sort=-createdAt$`));
  await expect.poll(() => orderIdsOnPage(page)).toEqual([...heronOrders].reverse().map((order) => order.id));

  await page.goBack();
  await table.getByRole('link', { name: `Order ${heronOrders.at(-1)!.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${heronOrders.at(-1)!.id}$`));
});
