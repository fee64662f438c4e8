// The dashboard prefetches a link when the user shows intent (the pointer over it, focus),
// never because it is in view: a record page's links cost nothing until then.
import { expect, test } from '@playwright/test';
import { apiClient, STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

test('a fresh pet page prefetches nothing until a link is pointed at', async ({ page }) => {
  const pet = await apiClient().createPet({ name: `Prefetch ${Date.now()}`, categoryId: 2, status: 'available' });
  const prefetches: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch']) prefetches.push(new URL(request.url()).pathname);
  });
  await page.goto(`/pets/${pet.id}`);
  await expect(page.getByRole('heading', { name: pet.name })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(prefetches).toEqual([]);

  await page.getByRole('link', { name: 'Orders for this pet' }).hover();
  await expect.poll(() => prefetches).toContain('/orders');
});
