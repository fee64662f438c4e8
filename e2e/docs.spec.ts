// The API reference at /docs, rendered from /v1/openapi.json.
import { expect, test, type Locator } from '@playwright/test';
import { SERVERS } from './support/fixtures';
import { inspectPage } from './support/inspect';

// Scalar keeps a sidebar group's open state itself and may reset it (seen after
// switching servers): open the group only if the operation is not showing.
async function openInSidebar(sidebar: Locator, group: RegExp, operation: RegExp): Promise<void> {
  const item = sidebar.getByRole('button', { name: operation });
  const isShowing = await item.waitFor({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (!isShowing) await sidebar.getByRole('button', { name: group }).click();
  await item.click();
}

test('renders the API reference: servers, bearer auth, deprecated getPet, experimental orders without try-it', async ({ page }) => {
  await page.goto('/docs');
  const sidebar = page.getByRole('navigation', { name: /Sidebar/ });
  await expect(sidebar.getByRole('button', { name: /List animals/ })).toBeVisible();
  await expect(page.getByText('Bearer Token').first()).toBeVisible();
  // Scalar's own markup has axe findings we cannot change (sidebar ARIA, icon
  // buttons without names, method-badge contrast): our part of the page is checked.
  await inspectPage(page, 'docs', { exclude: ['#scalar-reference'] });

  await page.getByRole('button', { name: SERVERS.production }).click();
  await expect(page.getByRole('option')).toHaveText([SERVERS.production, SERVERS.staging]);
  await page.getByRole('option', { name: SERVERS.staging }).click();
  await expect(page.getByText('Staging', { exact: true }).first()).toBeVisible();

  const getPet = page.locator('[id$="/GET/pets/{petId}"]');
  await openInSidebar(sidebar, /^pets/, /Get an animal/);
  await expect(getPet.getByText('deprecated', { exact: true })).toBeVisible();
  await expect(getPet.getByText(/removed on Thu, 05 Dec 2030/).first()).toBeVisible();

  const listPets = page.locator('[id$="/GET/pets"]');
  await expect(listPets.getByRole('button', { name: /Test Request/ })).toBeVisible();

  await openInSidebar(sidebar, /^store/, /List orders/);
  const listOrders = page.locator('[id$="/GET/store/orders"]');
  await expect(listOrders.getByText(/^experimental$/i)).toBeVisible();
  await expect(listOrders.getByRole('heading', { name: 'List orders (experimental)' })).toBeVisible();
  await expect(listOrders.getByRole('button', { name: /Test Request/ })).toBeHidden();
  await inspectPage(page, 'docs-orders', { exclude: ['#scalar-reference'] });
});
