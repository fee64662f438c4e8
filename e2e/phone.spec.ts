// Every list at phone width (390 px): no sideways scrolling anywhere, each row a
// stacked card showing every column's value under the column's name, and every
// action in reach. `npm run screenshots` keeps e2e/artifacts/phone-<list>-<scheme>.png.
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { STORAGE_STATE } from './support/fixtures';
import { ARTIFACTS, TAKE_SCREENSHOTS } from './support/inspect';

test.use({ storageState: STORAGE_STATE, viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    // Any element that scrolls sideways inside the page (a table in an overflow box, say).
    scrollers: [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .map((element) => element.outerHTML.slice(0, 80)),
  }));
  expect(widths.page, 'page width').toBeLessThanOrEqual(widths.window);
  expect(widths.scrollers, 'elements scrolling sideways').toEqual([]);
}

/** Each cell of the table is on screen with its column's name beside it. */
async function expectLabelledCells(page: Page, table: string): Promise<void> {
  const grid = page.getByRole('table', { name: table, exact: true });
  await expect(grid.locator('xpath=..')).toHaveAttribute('data-stacked', 'true');
  const headers = await grid.locator('thead th').allTextContents();
  const firstRow = grid.locator('tbody tr').first();
  const cells = firstRow.locator('td');
  await expect(cells).toHaveCount(headers.length);
  for (const [index, header] of headers.entries()) {
    const cell = cells.nth(index);
    await cell.scrollIntoViewIfNeeded();
    await expect(cell, header).toBeInViewport();
    if ((await grid.locator('thead th').nth(index).getAttribute('data-title-hidden')) === null) {
      await expect(cell, header).toHaveAttribute('data-label', header);
    }
  }
}

async function screenshots(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: path.join(ARTIFACTS, `phone-${name}-${colorScheme}.png`), fullPage: true, animations: 'disabled' });
  }
}

test('the Docs tab keeps clear of the screen edge', async ({ page }) => {
  await page.goto('/pets');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const name of ['Pets', 'Orders', 'API keys', 'Docs']) {
    const box = (await nav.getByRole('link', { name }).boundingBox())!;
    expect(box.x, `${name} left`).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(390 - 8);
  }
  await expectNoSidewaysScroll(page);
});

test('pets: stacked cards with every column, the name linking to the pet', async ({ page }) => {
  await page.goto('/pets');
  await expect(page.getByRole('table', { name: 'Pets', exact: true }).locator('tbody tr')).toHaveCount(20);
  // On the first screen, before the cards below are scrolled to.
  await expect(page.getByRole('button', { name: 'Add pet' })).toBeInViewport();
  await expect(page.getByRole('combobox', { name: 'Tag' })).toBeInViewport();
  await expectLabelledCells(page, 'Pets');
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'pets');
});

test('orders: stacked cards with every column, Status included', async ({ page }) => {
  await page.goto('/orders');
  const table = page.getByRole('table', { name: 'Orders', exact: true });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectLabelledCells(page, 'Orders');
  const status = table.locator('tbody tr').first().locator('td[data-label="Status"]');
  await expect(status).toHaveText(/Placed|Approved|Delivered|Cancelled/);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'orders');
});

test('API keys: stacked cards, Revoke in reach, names broken between words only', async ({ page }) => {
  const name = `Inventory synchronisation for the warehouse ${Date.now()}`;
  await page.goto('/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'I have copied it' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expectLabelledCells(page, 'API keys');
  const revoke = row.getByRole('button', { name: `Revoke ${name}` });
  await revoke.scrollIntoViewIfNeeded();
  await expect(revoke).toBeInViewport();
  // A word split over two lines has two boxes.
  const splitWords = await row.locator('td[data-label="Name"]').evaluate((cell) => {
    const text = cell.firstChild!;
    const split: string[] = [];
    for (const match of text.textContent!.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      if (range.getClientRects().length > 1) split.push(match[0]);
    }
    return split;
  });
  expect(splitWords).toEqual([]);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'api-keys');
});
