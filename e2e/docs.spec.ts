// The API reference at /docs, rendered from /v1/openapi.json.
import { expect, test } from '@playwright/test';
import { inspectPage } from './support/inspect';

test('renders the API reference: deprecated getPet, experimental orders without try-it', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('List orders (experimental)').first()).toBeVisible();
  await expect(page.getByText('Get an animal (deprecated)').first()).toBeVisible();
  await inspectPage(page, 'docs');
});
