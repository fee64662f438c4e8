// After an order moves, the page says so (as placing an order does), and the
// order's page shows its pet's status as it is now.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

const field = (page: Page, label: string) => page.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

test('Approve and Mark delivered each show a notice, and the pet status follows', async ({ page }) => {
  const pet = await apiClient().createPet({ name: 'Feedback Finch', categoryId: 5, status: 'available' });
  const order = await apiClient().placeOrder({ petId: pet.id, quantity: 1 });
  await page.goto(`/orders/${order.id}`);
  await expect(field(page, 'Pet status')).toHaveText('Pending');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order approved' })).toContainText('Its pet stays pending');
  await expect(field(page, 'Status')).toHaveText('Approved');

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order marked delivered' })).toContainText('Its pet is now sold.');
  await expect(field(page, 'Pet status')).toHaveText('Sold');
});

test('cancelling shows a notice, and the pet is available again on the order page', async ({ page }) => {
  const pet = await apiClient().createPet({ name: 'Feedback Wren', categoryId: 5, status: 'available' });
  const order = await apiClient().placeOrder({ petId: pet.id, quantity: 1 });
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toContainText('Its pet is available again.');
  await expect(field(page, 'Pet status')).toHaveText('Available');
});
