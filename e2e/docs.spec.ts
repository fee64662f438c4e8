// The API reference at /docs, rendered from /v1/openapi.json: clean under axe
// (the whole page, Scalar's markup included), the two named servers, try-it
// from whatever host the page was opened at, and no try-it on the orders.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SERVERS } from './support/fixtures';
import { inspectPage } from './support/inspect';

const sidebar = (page: Page) => page.getByRole('complementary', { name: /Sidebar/ });
const operation = (page: Page, method: string, path: string) => page.locator(`section[id$="/${method}${path}"]`);

// Scalar keeps a sidebar group's open state itself and may reset it (seen after
// switching servers): open the group only if the operation is not showing.
async function openInSidebar(page: Page, group: string, name: RegExp): Promise<void> {
  const item = sidebar(page).getByRole('link', { name });
  const isShowing = await item.waitFor({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );
  if (!isShowing)
    await sidebar(page)
      .getByRole('button', { name: `Open Group - ${group}` })
      .click();
  await item.click();
}

const testRequest = (section: Locator) => section.getByRole('button', { name: /Test Request/ });

test('has no critical or serious axe violation on the whole page, Scalar included, in light and dark', async ({ page }) => {
  await page.goto('/docs');
  await expect(sidebar(page).getByRole('link', { name: /List animals/ })).toBeVisible();
  // One main landmark: Scalar's (the page frame around it is not a second one).
  await expect(page.getByRole('main')).toHaveCount(1);
  // axe over the whole page (nothing excluded), in light and dark: no serious or critical finding.
  await inspectPage(page, 'docs');
});

test('shows the Authentication header whole, apart from the scheme picker, on a desktop and a phone, in light and dark', async ({ page }) => {
  await page.goto('/docs');
  const indicator = page.getByTestId('auth-indicator').first();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(indicator).toHaveText('Required');
      await indicator.scrollIntoViewIfNeeded();
      // The title ("Authentication Required"), the header's button that clips it, and the picker.
      const title = (await indicator.locator('..').boundingBox())!;
      const header = (await indicator.locator('xpath=ancestor::button[1]').boundingBox())!;
      const picker = (await page
        .getByRole('button', { name: /^Selected Auth Type/ })
        .first()
        .boundingBox())!;
      const where = `${width} px, ${colorScheme}`;
      expect(title.x, `the title starts inside its header (${where})`).toBeGreaterThanOrEqual(header.x);
      expect(title.x + title.width, `the title ends inside its header (${where})`).toBeLessThanOrEqual(header.x + header.width + 0.5);
      const overlaps =
        title.x < picker.x + picker.width && picker.x < title.x + title.width && title.y < picker.y + picker.height && picker.y < title.y + title.height;
      expect(overlaps, `the title and the picker do not overlap (${where})`).toBe(false);
    }
  }
});

test('names the two servers, Production (this host) and Staging, with their URLs', async ({ page, baseURL }) => {
  await page.goto('/docs');
  const here = `${baseURL}/v1`;
  await page.getByRole('button', { name: `Server: ${here}` }).click();
  await expect(page.getByRole('option')).toHaveText([`Production: ${here}`, `Staging: ${SERVERS.staging}`]);
  await page.getByRole('option', { name: /^Staging/ }).click();
  await expect(page.getByRole('button', { name: `Server: ${SERVERS.staging}` })).toBeVisible();
  await expect(page.getByText('Staging', { exact: true }).first()).toBeVisible();
  // The page says where each URL comes from.
  await expect(page.getByText(/Staging is .+ \(from PETSTORE_STAGING_URL\)/)).toBeVisible();
});

test('try-it works from the host the page was opened at (127.0.0.1, not localhost)', async ({ page, baseURL }) => {
  expect(new URL(baseURL!).hostname).toBe('127.0.0.1');
  await page.goto('/docs');
  await testRequest(operation(page, 'GET', '/pets')).click();
  const client = page.getByRole('dialog');
  await client.getByLabel('Bearer Token').fill(process.env.E2E_API_KEY!);
  const answer = page.waitForResponse((response) => response.url().startsWith(`${baseURL}/v1/pets`));
  await client.getByRole('button', { name: /^Send/ }).first().click();
  expect((await answer).status()).toBe(200);
  await expect(client.getByText('200 OK')).toBeVisible();
  await expect(client.getByText('"name"').first()).toBeVisible();
});

test('shows getPet deprecated and the orders experimental, with no try-it on any orders operation', async ({ page }) => {
  // Every operation is mounted by the end, and with `npm run screenshots` the whole page
  // is photographed four times: on a loaded 2-core machine that alone took over 90 s.
  test.slow();
  await page.goto('/docs');
  await expect(testRequest(operation(page, 'GET', '/pets'))).toBeVisible();
  // Scalar mounts an operation's section only once it nears the viewport, so go
  // to each operation before looking inside it.
  await openInSidebar(page, 'pets', /Add an animal/);
  await expect(testRequest(operation(page, 'POST', '/pets'))).toBeVisible();

  await openInSidebar(page, 'pets', /Get an animal/);
  const getPet = operation(page, 'GET', '/pets/{petId}');
  await expect(testRequest(getPet)).toBeVisible();
  await expect(getPet.getByText('deprecated', { exact: true })).toBeVisible();
  await expect(getPet.getByText(/removed on Thu, 05 Dec 2030/).first()).toBeVisible();

  const orders = [
    ['GET', '/store/orders', /List orders/],
    ['POST', '/store/orders', /Place an order/],
    ['GET', '/store/orders/{orderId}', /Get an order/],
    ['PATCH', '/store/orders/{orderId}', /Move an order/],
  ] as const;
  for (const [method, path, name] of orders) {
    await openInSidebar(page, 'store', name);
    const section = operation(page, method, path);
    await expect(section.getByText(/^experimental$/i).first(), `${method} ${path}`).toBeVisible();
    await expect(section.getByRole('heading', { name })).toBeVisible();
    await expect(testRequest(section), `${method} ${path}`).toBeHidden();
  }
  await inspectPage(page, 'docs-orders');
});
