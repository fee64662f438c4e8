// Bulk work on orders (docs/DASHBOARD.md, "Bulk work"): rows selected over the
// list, Approve and Cancel, each order by the rules of a single move, with a
// summary that counts changed, already so and refused apart and names each
// refusal's reason; viewers select and export but move nothing; and Export CSV
// writes every order of the filtered view, quoted as CSV needs.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Order, OrderStatus } from '@/lib/contract/orders';
import type { Pet } from '@/lib/contract/pets';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';
import { signInAs } from './support/sign-in';

const orderTable = (page: Page) => page.getByRole('table', { name: 'Orders', exact: true });
const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selected orders' });

/** A pet of its own (its name holds `word`) for each status asked, with one order brought to that status. */
async function ordersIn(word: string, statuses: OrderStatus[]): Promise<{ pets: Pet[]; orders: Order[] }> {
  const client = apiClient();
  const pets: Pet[] = [];
  const orders: Order[] = [];
  for (const [index, status] of statuses.entries()) {
    const pet = await client.createPet({ name: `${word} ${index}`, categoryId: 5, status: 'available' });
    let order = await client.placeOrder({ petId: pet.id, quantity: 1 });
    const path: OrderStatus[] = { placed: [], approved: ['approved'], delivered: ['approved', 'delivered'], cancelled: ['cancelled'] }[status] as OrderStatus[];
    for (const step of path) order = await client.updateOrder(order.id, { status: step });
    pets.push(pet);
    orders.push(order);
  }
  return { pets, orders };
}

test.describe('as an admin', () => {
  test.use({ storageState: STORAGE_STATE });

  test('cancels the selected orders, counting changed and refused apart, each refusal with its reason', async ({ page }) => {
    const word = `Ob${Date.now().toString(36)}`;
    const { orders } = await ordersIn(word, ['placed', 'approved', 'delivered', 'cancelled']);
    const [placed, approved, delivered, cancelled] = orders as [Order, Order, Order, Order];
    await page.goto(`/orders?petName=${word}`);
    await expect(orderTable(page).locator('tbody tr')).toHaveCount(4);

    await page.getByRole('checkbox', { name: 'Select all 4 orders on this page' }).check();
    await expect(selectionBar(page)).toContainText('4 orders selected.');
    await inspectPage(page, 'orders-selection');
    await selectionBar(page).getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel 4 orders?' });
    await expect(confirm).toContainText('a delivered order cannot be cancelled');
    await confirm.getByRole('button', { name: 'Cancel 4 orders' }).click();

    await expect(page.getByRole('status').filter({ hasText: '2 cancelled, 1 already Cancelled, 1 refused' })).toBeVisible();
    const refused = page.getByRole('region', { name: 'Refused orders' });
    await expect(refused.getByRole('listitem')).toHaveCount(1);
    await expect(refused.getByRole('link', { name: `Order ${delivered.id}` })).toHaveAttribute('href', `/orders/${delivered.id}`);
    await expect(refused).toContainText(/delivered/i);
    await inspectPage(page, 'orders-bulk-summary');

    const client = apiClient();
    expect((await client.getOrder(placed.id)).status).toBe('cancelled');
    expect((await client.getOrder(approved.id)).status).toBe('cancelled');
    expect((await client.getOrder(delivered.id)).status).toBe('delivered');
    expect((await client.getOrder(cancelled.id)).status).toBe('cancelled');
    // The list shows the new statuses without a reload.
    await expect(
      orderTable(page)
        .getByRole('row')
        .filter({ hasText: `Order ${placed.id}` }),
    ).toContainText('Cancelled');
  });

  test('approves orders selected over two pages, the bar giving the whole selection', async ({ page }) => {
    const word = `Oa${Date.now().toString(36)}`;
    const { orders } = await ordersIn(word, [
      'placed',
      'placed',
      'approved',
      'delivered',
      'placed',
      'placed',
      'placed',
      'placed',
      'placed',
      'placed',
      'placed',
    ]);
    await page.goto(`/orders?petName=${word}&limit=10`);
    await page.getByRole('checkbox', { name: 'Select all 10 orders on this page' }).check();
    await expect(selectionBar(page)).toContainText('10 orders selected.');
    await page.getByRole('navigation', { name: 'Orders pages' }).getByRole('link', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: `Select order ${orders[10]!.id}` }).check();
    await expect(selectionBar(page)).toContainText('11 orders selected');
    await selectionBar(page).getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve 11 orders?' }).getByRole('button', { name: 'Approve 11 orders' }).click();
    await expect(page.getByRole('status').filter({ hasText: '9 approved, 1 already Approved, 1 refused' })).toBeVisible();
    const client = apiClient();
    const after = await Promise.all(orders.map((order) => client.getOrder(order.id)));
    expect(after.map((order) => order.status)).toEqual(['approved', 'approved', 'approved', 'delivered', ...Array(7).fill('approved')]);
  });

  test('exports every order of the filtered view as CSV, names quoted and formulas kept as text', async ({ page }) => {
    await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
    const word = `Oc${Date.now().toString(36)}`;
    const client = apiClient();
    const quoted = await client.createPet({ name: `${word} "Big", Bold`, categoryId: 5, status: 'available' });
    const formula = await client.createPet({ name: `=${word}+1`, categoryId: 5, status: 'available' });
    const first = await client.placeOrder({ petId: quoted.id, quantity: 2 });
    const second = await client.updateOrder((await client.placeOrder({ petId: formula.id, quantity: 1 })).id, { status: 'approved' });
    // Over two pages of the list: the export is of the whole view, not the page.
    await page.goto(`/orders?petName=${word}&limit=10&sort=-id`);
    await expect(orderTable(page).locator('tbody tr')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\n').filter(Boolean)).toEqual([
      'id,petId,pet,quantity,status,placedAt,shipDate',
      `${second.id},${formula.id},'=${word}+1,1,approved,${second.createdAt},`,
      `${first.id},${quoted.id},"${word} ""Big"", Bold",2,placed,${first.createdAt},`,
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Export finished' })).toContainText('2 orders written');
  });
});

test('a viewer selects and exports orders but is offered no move', async ({ browser }) => {
  const word = `Ov${Date.now().toString(36)}`;
  await ordersIn(word, ['placed']);
  const { page } = await signInAs(browser, 'viewer');
  await page.goto(`/orders?petName=${word}`);
  await page.getByRole('checkbox', { name: 'Select all 1 orders on this page' }).check();
  await expect(selectionBar(page)).toContainText('1 order selected.');
  await expect(selectionBar(page).getByRole('button', { name: 'Export selected' })).toBeVisible();
  await expect(selectionBar(page).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(selectionBar(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.context().close();
});
