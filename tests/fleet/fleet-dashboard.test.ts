// The dashboard in Chromium on the fleet (nginx in front of two instances) while one
// instance is stopped: nginx sends the requests that found it gone to the other
// (deploy/nginx.conf, proxy_next_upstream), so a fresh page load and a sidebar click
// both give the dashboard's page, frame and all, with no outage to report; and the tab
// keeps working once the instance is back. Killed (SIGKILL) and stopped (SIGTERM) alike.
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../scripts/fleet/fleet';
import { findBinary } from '../../scripts/fleet/processes';
import { createTestDatabase } from '../support/server';

const ADMIN = { email: 'fleet-dashboard@petstore.test', password: 'a fleet dashboard password' };
const CHROMIUM = '/usr/bin/chromium';
const hasPackages = Boolean(findBinary('nginx') && findBinary('pgbouncer'));
// A page of the dashboard answers in well under this through nginx on a loaded machine.
const PAGE_MS = 10_000;

describe.skipIf(!hasPackages)('the dashboard on a fleet of two with one instance stopped', () => {
  let database: { url: string; drop: () => Promise<void> };
  let fleet: Fleet;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    database = await createTestDatabase();
    fleet = await startFleet({
      instances: 2,
      databaseUrl: database.url,
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        PETSTORE_SEED: 'always',
        PETSTORE_DRAIN_GRACE_MS: '0',
        REDIS_KEY_PREFIX: `petstore-fleet-dashboard-${randomBytes(4).toString('hex')}:`,
      },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM });
    page = await browser.newPage({ baseURL: fleet.url });
    await page.goto('/signin');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/pets/);
  });

  afterAll(async () => {
    await browser?.close();
    await fleet?.stop();
    await database?.drop();
  });

  const sidebar = () => page.getByRole('navigation', { name: 'Dashboard' });

  /** The page is the dashboard's: its frame, its heading, and no outage banner (there is none to report). */
  async function expectDashboardPage(heading: string): Promise<void> {
    await expect.poll(() => sidebar().count(), { timeout: PAGE_MS }).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).count(), { timeout: PAGE_MS }).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: "can't be reached" }).count()).toBe(0);
  }

  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'after %s of one instance, fresh loads and sidebar clicks give the dashboard, and it goes on once the instance is back',
    async (signal) => {
      await fleet.instances[0]!.stop(signal);
      const timings: string[] = [];
      // Several rounds: nginx meets the stopped instance in its round robin until it leaves it out.
      for (const [path, heading, link, landing] of [
        ['/pets', 'Pets', 'Categories', /\/categories$/],
        ['/orders', 'Orders', 'Pets', /\/pets$/],
        ['/categories', 'Categories', 'Orders', /\/orders$/],
        ['/pets', 'Pets', 'Orders', /\/orders$/],
      ] as const) {
        const loadStarted = Date.now();
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
        expect(response?.status(), `GET ${path}`).toBe(200);
        await expectDashboardPage(heading);
        const clickStarted = Date.now();
        await sidebar().getByRole('link', { name: link }).click();
        await page.waitForURL(landing, { timeout: PAGE_MS });
        await expectDashboardPage(link);
        timings.push(`${path} ${clickStarted - loadStarted} ms, click to ${link} ${Date.now() - clickStarted} ms`);
      }
      await fleet.instances[0]!.start();
      await page.goto('/pets', { waitUntil: 'domcontentloaded' });
      await expectDashboardPage('Pets');
      console.log(`one of two instances stopped (${signal}): ${timings.join('; ')}`);
    },
  );
});
