// Outages keep the dashboard's frame. This spec runs a server of its own on a
// PostgreSQL cluster of its own, so that it can stop and start either on the
// same port:
//   - the server goes away while /pets is open: the page stays, a banner says
//     so, and clears by itself once the server is back; a sidebar click made
//     meanwhile stays in the dashboard and lands once the server answers;
//   - the database goes away: a fresh load and a click both show the frame
//     (the sidebar) and a banner in plain words, and the page recovers by
//     itself within 5 s of the database's return, with no reload.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { launchServer, type LaunchedServer } from '../scripts/launch-server';
import { freePort } from '../scripts/fleet/processes';
import { createCluster, type Cluster } from '../tests/support/cluster';
import { inspectPage } from './support/inspect';

const ADMIN = { email: 'outage@petstore.test', password: 'outage password 1234' };
const RECOVERY_MS = 5_000;
const DATABASE_DOWN_MS = 20_000;

let cluster: Cluster;
let server: LaunchedServer | undefined;
let port: number;
const secret = randomBytes(32).toString('hex');
const start = async () => {
  const env = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: cluster.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NEXTAUTH_SECRET: secret,
    PETSTORE_SEED: 'always',
    PETSTORE_DRAIN_GRACE_MS: '0',
    LOG_LEVEL: 'warn',
  };
  server = await launchServer({ name: 'the outage spec server', env, port });
};
const stop = async () => {
  await server?.stop();
  server = undefined;
};

test.beforeAll(async () => {
  cluster = await createCluster();
  port = await freePort();
  await start();
});

test.afterAll(async () => {
  await stop();
  await cluster?.destroy();
});

async function signIn(page: Page) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/pets/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const serverBanner = (page: Page) => page.getByRole('status').filter({ hasText: "The server can't be reached" });
const databaseBanner = (page: Page) => page.getByRole('status').filter({ hasText: "The database can't be reached" });

test('the server goes away: the page stays, says so, and recovers by itself', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  await signIn(page);

  await stop();
  await page.getByRole('link', { name: /^Available/ }).click();
  await expect(serverBanner(page)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/status=available/);
  await page.getByLabel('Search').fill('Rex');
  await expect(page).toHaveURL(/name=Rex/);
  // Still the dashboard, not the browser's error page.
  await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();
  await expect(serverBanner(page)).toBeVisible();

  await start();
  const back = Date.now();
  await expect(serverBanner(page)).toBeHidden({ timeout: 2_000 });
  console.log(`outage figures: ${JSON.stringify({ bannerClearedAfterMs: Date.now() - back })}`);
  await page.getByLabel('Search').fill('');
  await expect(page).not.toHaveURL(/name=/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await context.close();
});

test('the server goes away: a sidebar click stays in the dashboard and lands once the server is back', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  await signIn(page);

  await stop();
  await sidebar(page).getByRole('link', { name: 'Orders' }).click();
  await expect(serverBanner(page)).toBeVisible({ timeout: 5_000 });
  // Not Chromium's "This site can't be reached": the frame and the page are still there.
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pets', level: 1 })).toBeVisible();

  await start();
  const back = Date.now();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible({ timeout: RECOVERY_MS });
  await expect(page).toHaveURL(/\/orders$/);
  await expect(serverBanner(page)).toBeHidden();
  console.log(`outage figures: ${JSON.stringify({ clickLandedAfterMs: Date.now() - back })}`);
  await context.close();
});

test('the database goes away: a fresh load and a click keep the frame, say so, and recover by themselves', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  await signIn(page);

  await cluster.stop('fast');
  const stoppedAt = Date.now();
  // A click in the sidebar.
  await sidebar(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(databaseBanner(page)).toBeVisible({ timeout: 15_000 });
  await expect(sidebar(page)).toBeVisible();
  // A fresh load of a list, and of a record.
  await page.goto('/pets');
  await expect(sidebar(page)).toBeVisible();
  await expect(databaseBanner(page)).toBeVisible({ timeout: 15_000 });
  await page.goto('/pets/1');
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByText("This page couldn't load")).toHaveCount(0);
  await expect(databaseBanner(page)).toBeVisible({ timeout: 15_000 });
  await inspectPage(page, 'outage-database-down');
  await page.waitForTimeout(Math.max(0, DATABASE_DOWN_MS - (Date.now() - stoppedAt)));

  await cluster.start();
  const back = Date.now();
  await expect(databaseBanner(page)).toBeHidden({ timeout: RECOVERY_MS });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/\S/, { timeout: RECOVERY_MS });
  await expect(page.getByText(/Could not load/)).toHaveCount(0, { timeout: RECOVERY_MS });
  console.log(`outage figures: ${JSON.stringify({ databaseRecoveredAfterMs: Date.now() - back })}`);
  // The sidebar leads on as before.
  await sidebar(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await context.close();
});
