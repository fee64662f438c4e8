// The server goes away while /pets is open: the page stays, a banner says the
// server can't be reached and that it is retrying, and once the server is back
// the banner clears by itself (within 2 s) and the list loads. This spec runs a
// server of its own, so that it can stop and start it on the same port.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { launchServer, type LaunchedServer } from '../scripts/launch-server';
import { freePort } from '../scripts/fleet/processes';
import { createTestDatabase } from '../tests/support/server';

const ADMIN = { email: 'outage@petstore.test', password: 'outage password 1234' };

test.describe('the server goes away while a list is open', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: LaunchedServer | undefined;
  let port: number;
  const env = () => ({
    ...(process.env as Record<string, string>),
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NEXTAUTH_SECRET: secret,
    PETSTORE_SEED: 'always',
    PETSTORE_DRAIN_GRACE_MS: '0',
    LOG_LEVEL: 'warn',
  });
  const secret = randomBytes(32).toString('hex');
  const start = async () => {
    server = await launchServer({ name: 'the outage spec server', env: env(), port });
  };

  test.beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    await start();
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test('stays on the page, says so, and recovers by itself', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/pets/);
    await expect(page.getByRole('row').nth(1)).toBeVisible();

    await server!.stop();
    server = undefined;
    const banner = page.getByRole('status').filter({ hasText: "The server can't be reached" });

    await page.getByRole('link', { name: /^Available/ }).click();
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/status=available/);
    await page.getByLabel('Search').fill('Rex');
    await expect(page).toHaveURL(/name=Rex/);
    // Still the dashboard, not the browser's error page.
    await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();
    await expect(banner).toBeVisible();

    await start();
    const back = Date.now();
    await expect(banner).toBeHidden({ timeout: 2_000 });
    console.log(`outage figures: ${JSON.stringify({ bannerClearedAfterMs: Date.now() - back })}`);
    await page.getByLabel('Search').fill('');
    await expect(page).not.toHaveURL(/name=/);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await context.close();
  });
});
