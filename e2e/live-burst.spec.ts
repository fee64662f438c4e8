// Other tabs merge a burst of changes (docs/DASHBOARD.md, "Live pages"): while one editor
// changes 1,000 pets, three more tabs showing them refresh at most once a second. The
// change's time is logged, a figure for a quiet machine, not a check.
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiClient } from './support/fixtures';
import { seedPets } from './support/pets';
import { signInAs } from './support/sign-in';

/** The longest a loaded tab may take from a refresh to its request leaving. */
const SEND_DELAY_MS = 700;

const isListRequest = (url: string) => /\/v1\/pets\?/.test(url) && !/[?&]id=/.test(url);

/** The editor changes every pet named `word` to sold: the seconds from the click to the summary. */
async function changeAll(page: Page, word: string): Promise<number> {
  await page.goto(`/pets?name=${word}`);
  await expect(page.getByText('1–20 of 1,000', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Select all \d+ pets on this page$/ }).check();
  const bar = page.getByRole('region', { name: 'Selected pets' });
  await bar.getByRole('button', { name: 'Select all 1,000 pets matching' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New status').selectOption({ label: 'Sold' });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Change 1,000 pets' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1,000 changed' })).toBeVisible({ timeout: 120_000 });
  return (Date.now() - started) / 1000;
}

test('three other open tabs refresh at most once a second during a 1,000-pet change', async ({ browser }) => {
  test.setTimeout(300_000);
  const client = apiClient();
  const watched = `Bw${Date.now().toString(36)}`;
  await seedPets(client, watched, 1000);
  const { page } = await signInAs(browser, 'editor');

  const watchers = [];
  for (let person = 0; person < 3; person++) {
    watchers.push(
      await (async () => {
        // Three other people, each with a session (and a key) of their own.
        const { page: tab } = await signInAs(browser, 'viewer');
        const lists: Request[] = [];
        tab.on('request', (request) => {
          if (isListRequest(request.url())) lists.push(request);
        });
        await tab.goto(`/pets?name=${watched}`);
        await expect(tab.getByText('1–20 of 1,000', { exact: true })).toBeVisible();
        return { tab, lists };
      })(),
    );
  }
  const startedWatching = Date.now();
  const withTabs = await changeAll(page, watched);
  // When the browser sent each one (its own clock: the test's event loop receives them late under load).
  const sentDuring = watchers.map(({ lists }) => lists.map((request) => request.timing().startTime).filter((at) => at >= startedWatching));
  const listsDuring = sentDuring.map((sent) => sent.length);
  console.log(`a 1,000-pet status change: ${withTabs.toFixed(1)} s with three other tabs open; their list requests: ${listsDuring.join(', ')}`);
  // The time is a figure, not a check (speed is the benchmark's): the check is the tabs' requests.
  for (const [tabIndex, { tab }] of watchers.entries()) {
    const during = sentDuring[tabIndex]!;
    // At most one list request a second: the tab's refreshes are at least 1 s apart, and each
    // request leaves when the tab's busy main thread gets to it, up to SEND_DELAY_MS later
    // (CI saw 600 ms). So requests k apart are at least k seconds apart, less that delay.
    const gaps = during.slice(1).map((at, index) => at - during[index]!);
    for (let k = 1; k < during.length; k++) {
      const span = Math.min(...during.slice(k).map((at, index) => at - during[index]!));
      expect(span, `${during.length} list requests, gaps ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(k * 1000 - SEND_DELAY_MS);
    }
    expect(during.length).toBeLessThanOrEqual(Math.ceil(withTabs) + 1);
    // And the tab shows the outcome.
    await expect(tab.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /Sold/ })).toContainText('1,000');
    await tab.context().close();
  }
});
