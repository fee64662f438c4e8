// Orders move pets: place an order from an available pet's page, approve and
// deliver it (the pet is sold), or cancel one (the pet is available again),
// all on screen without a reload.
import { expect, test, type Page } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

test.use({ storageState: STORAGE_STATE });

const field = (page: Page, label: string) => page.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');

async function placeOrderFromPetPage(page: Page, name: string): Promise<{ petId: number }> {
  const pet = await apiClient().createPet({ name, categoryId: 11, status: 'available' });
  await page.goto(`/pets/${pet.id}`);
  await expect(field(page, 'Status')).toHaveText('Available');
  await page.getByRole('button', { name: 'Place order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Place an order' });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toBeVisible();
  await expect(field(page, 'Status')).toHaveText('Pending');
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  return { petId: pet.id };
}

test('places an order for an available pet, approves and delivers it, and the pet is sold', async ({ page }) => {
  const { petId } = await placeOrderFromPetPage(page, 'Lifecycle Lark');
  // The notice's link and the pet's orders list both lead to its one order.
  await page
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(field(page, 'Status')).toHaveText('Placed');
  await inspectPage(page, 'order-placed');

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(field(page, 'Status')).toHaveText('Approved');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(field(page, 'Status')).toHaveText('Delivered');
  await expect(field(page, 'Ship date')).not.toHaveText('Not shipped yet');
  await expect(page.getByRole('button', { name: /Approve|Mark delivered|Cancel order/ })).toHaveCount(0);

  await page.locator('dl').getByRole('link', { name: 'Lifecycle Lark' }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${petId}$`));
  await expect(field(page, 'Status')).toHaveText('Sold');
});

test('cancels an order after a confirmation, and the pet is available again', async ({ page }) => {
  const { petId } = await placeOrderFromPetPage(page, 'Lifecycle Wren');
  await page
    .getByRole('link', { name: /^Order \d+$/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Pet ${petId} becomes available again`);
  await inspectPage(page, 'order-cancel');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(field(page, 'Status')).toHaveText('Placed');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(field(page, 'Status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: /Approve|Cancel order/ })).toHaveCount(0);

  await page.locator('dl').getByRole('link', { name: 'Lifecycle Wren' }).click();
  await expect(page).toHaveURL(new RegExp(`/pets/${petId}$`));
  await expect(field(page, 'Status')).toHaveText('Available');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
});
