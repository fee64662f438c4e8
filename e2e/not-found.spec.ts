// Addresses with nothing behind them: HTTP 404, a styled page in the app's frame
// with ways back; and the site's icon.
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_STATE } from './support/fixtures';
import { inspectPage } from './support/inspect';

async function expectNotFoundPage(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response!.status(), path).toBe(404);
  await expect(page.getByRole('heading', { name: 'Nothing here', level: 1 })).toBeVisible();
  const waysBack = page.getByRole('navigation', { name: 'Ways back' });
  await expect(waysBack.getByRole('link')).toHaveText(['Pets', 'Orders', 'API keys', 'API reference']);
}

test.describe('signed in', () => {
  test.use({ storageState: STORAGE_STATE });

  test('an unknown address answers 404 inside the dashboard frame, with links back', async ({ page }) => {
    await expectNotFoundPage(page, '/nope');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeAttached();
    await inspectPage(page, 'not-found');
    await page.getByRole('navigation', { name: 'Ways back' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });

  for (const path of ['/pets/99999', '/orders/99999', '/pets/not-an-id']) {
    test(`${path} answers 404`, async ({ page }) => {
      await expectNotFoundPage(page, path);
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    });
  }

  test('a pet and an order that exist still answer 200', async ({ page }) => {
    expect((await page.goto('/pets/1'))!.status()).toBe(200);
    expect((await page.goto('/orders/1'))!.status()).toBe(200);
  });
});

test('signed out, an unknown address answers 404 with the way to sign in', async ({ page }) => {
  await expectNotFoundPage(page, '/nope');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await inspectPage(page, 'not-found-signed-out');
});

test('every page names its icon, and it is served', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toMatch(/^\/icon\.svg/);
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});
