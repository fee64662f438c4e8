// The orders list's filters: a bad Pet ID is refused with the reason, and
// stepping through the order select with arrow keys is one step of history.
import { expect, test } from '@playwright/test';
import { STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

test('an invalid Pet ID says why, and the list and URL stay as they were', async ({ page }) => {
  await page.goto('/orders?status=placed');
  const field = page.getByLabel('Pet ID');
  for (const value of ['abc', '0', '-3', '1.5']) {
    await field.fill(value);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`“${value}” is not a pet ID: use a whole number from 1 up, e.g. 12.`);
    await expect(field).toHaveValue(value);
    await expect(page).toHaveURL(/\/orders\?status=placed$/);
  }
  await field.fill('3');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/orders\?status=placed&petId=3$/);
  await expect(field).not.toHaveAttribute('aria-invalid');
});

test('a link with an invalid petId shows it in the field with the reason, and lists every order', async ({ page }) => {
  await page.goto('/orders?petId=abc');
  const field = page.getByLabel('Pet ID');
  await expect(field).toHaveValue('abc');
  await expect(field).toHaveAccessibleDescription('“abc” is not a pet ID: use a whole number from 1 up, e.g. 12.');
  await expect(page.getByRole('table', { name: 'Orders', exact: true }).locator('tbody tr').first()).toBeVisible();
});

for (const pace of ['quick', 'slow'] as const) {
  test(`arrow keys on the order select make one history entry, not one per press (${pace} presses)`, async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('table', { name: 'Orders', exact: true })).toBeVisible();
    const order = page.getByLabel('Order', { exact: true });
    await order.focus();
    for (const reached of ['-id', 'createdAt', '-createdAt']) {
      await page.keyboard.press('ArrowDown');
      if (pace === 'slow') await expect(page).toHaveURL(new RegExp(`/orders\\?sort=${reached}$`));
    }
    await expect(order).toHaveValue('-createdAt');
    await expect(page).toHaveURL(/\/orders\?sort=-createdAt$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(order).toHaveValue('id');
  });
}

test('Back right after the last arrow key shows the order it went back to, on a slow machine', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Orders', exact: true })).toBeVisible();
  // Chromium's CPU slowed 8×: Back then comes before the list has caught up with the
  // last press (5 runs of 8 kept showing that press's order over the URL Back went to).
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const order = page.getByLabel('Order', { exact: true });
  await order.focus();
  for (const reached of ['-id', 'createdAt', '-createdAt']) {
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(new RegExp(`/orders\\?sort=${reached}$`));
  }
  await page.goBack();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(order).toHaveValue('id');
});
