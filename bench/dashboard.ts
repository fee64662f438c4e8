// The dashboard's weight: /pets in headless Chromium, signed in, on the app's
// own server over a catalogue of its own size. Each run is a cold navigation
// (a fresh page, the HTTP cache off), so each pays the full weight: its Largest
// Contentful Paint, and the JavaScript of its first load (until it has fetched
// nothing for half a second: chunks loaded on demand later are not in it), as
// transferred, compressed the way npm start sends it (next.config.mjs). The
// medians of the runs are reported (bench/report.ts checks them against the targets).
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import postgres from 'postgres';
import * as schema from '../lib/db/schema';
import { setPassword } from '../lib/domain/users';

export type DashboardResult = {
  path: string;
  pets: number;
  runs: number;
  lcpMs: { median: number; min: number; max: number };
  /** Script responses as transferred (headers and compressed body), and their bodies alone. */
  scriptKiB: number;
  scriptBodyKiB: number;
  scripts: number;
  /** Everything the page pulled in (document, scripts, styles, API calls), transferred. */
  transferKiB: number;
};

const EMAIL = 'bench@localhost';

export type DashboardUser = { ADMIN_EMAIL: string; ADMIN_PASSWORD: string };

/**
 * The bench database's dashboard user, with a password of this run's own (no known password
 * stays behind, whatever database the bench was given): an existing user gets it here, a new
 * one is made with it at the server's start-up (ADMIN_EMAIL, lib/runtime/startup.ts).
 */
export async function dashboardUser(databaseUrl: string): Promise<DashboardUser> {
  const password = randomBytes(18).toString('base64url');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await setPassword(drizzle(sql, { schema }), EMAIL, password);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: password };
}

const QUIET_MS = 500;

type Run = { lcpMs: number; scriptBytes: number; scriptBodyBytes: number; scripts: number; transferBytes: number };

async function signIn(context: BrowserContext, baseUrl: string, user: DashboardUser): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(user.ADMIN_EMAIL);
  await page.getByLabel('Password').fill(user.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  await page.close();
}

/**
 * Waits until the page has fetched nothing new for a while. (Not Playwright's "networkidle": the
 * dashboard's change feed keeps a request open for as long as the page lives.) LCP is final by then.
 */
async function settle(page: Page): Promise<void> {
  const count = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  const deadline = Date.now() + 10_000;
  let seen = await count();
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS && Date.now() < deadline) {
    await page.waitForTimeout(100);
    const now = await count();
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
  }
}

async function coldRun(context: BrowserContext, url: string): Promise<Run> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(() => {
      const store = window as unknown as { __lcp: number };
      store.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // The list itself must be there: a sign-in page or an error would weigh nothing.
    await page.getByRole('table').first().waitFor();
    await settle(page);
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    // Plain data out of the page; the sums are made here (tsx would wrap a helper defined in the page in its __name).
    const resources = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { type: timing.initiatorType, transfer: timing.transferSize, body: timing.encodedBodySize };
      }),
    );
    const scripts = resources.filter((resource) => resource.type === 'script');
    const sum = (list: typeof resources, field: 'transfer' | 'body') => list.reduce((total, resource) => total + resource[field], 0);
    return {
      lcpMs,
      scriptBytes: sum(scripts, 'transfer'),
      scriptBodyBytes: sum(scripts, 'body'),
      scripts: scripts.length,
      transferBytes: sum(resources, 'transfer'),
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Measures `path` on the server at baseUrl, which has `user` and `pets` pets. */
export async function measureDashboard(options: { baseUrl: string; user: DashboardUser; pets: number; runs: number; path?: string }): Promise<DashboardResult> {
  const path = options.path ?? '/pets';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext();
    await signIn(context, options.baseUrl, options.user);
    // One navigation first, not counted: the server's own first render of the page is not the browser's cost.
    await coldRun(context, options.baseUrl + path);
    const runs: Run[] = [];
    for (let run = 0; run < options.runs; run++) runs.push(await coldRun(context, options.baseUrl + path));
    const lcp = runs.map((run) => run.lcpMs);
    const kib = (field: keyof Run) => median(runs.map((run) => run[field])) / 1024;
    return {
      path,
      pets: options.pets,
      runs: runs.length,
      lcpMs: { median: median(lcp), min: Math.min(...lcp), max: Math.max(...lcp) },
      scriptKiB: kib('scriptBytes'),
      scriptBodyKiB: kib('scriptBodyBytes'),
      scripts: median(runs.map((run) => run.scripts)),
      transferKiB: kib('transferBytes'),
    };
  } finally {
    await browser.close();
  }
}
