// `npx tsx bench/lcp.ts`: the dashboard's weight, as the Largest Contentful
// Paint of /pets in headless Chromium after signing in, plus the bytes the page
// pulled in (as npm start sends them: compressed, next.config.mjs) and its
// JavaScript gzipped here, which should be about what was transferred.
//
//   PETSTORE_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… npx tsx bench/lcp.ts [--runs 5]
//
// Start the server first (npm start with ADMIN_EMAIL / ADMIN_PASSWORD set).
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, path: { type: 'string', default: '/pets' } } });
const baseUrl = process.env.PETSTORE_URL ?? 'http://127.0.0.1:3000';
const email = process.env.ADMIN_EMAIL;
const password = process.env.ADMIN_PASSWORD;
if (!email || !password) throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD (the dashboard admin).');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

  const results: { lcpMs: number; transferKb: number; scriptKb: number; scriptGzipKb: number }[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    // A fresh page each run, with the HTTP cache off, so each run pays the full weight.
    const measured = await context.newPage();
    const cdp = await context.newCDPSession(measured);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await measured.addInitScript(() => {
      const store = window as unknown as { __lcp: number };
      store.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await measured.goto(`${baseUrl}${values.path}`, { waitUntil: 'networkidle' });
    // LCP is final once the page is idle; a short pause lets the observer report it.
    await measured.waitForTimeout(500);
    const lcpMs = await measured.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    // Plain data out of the page; the sums are made here (tsx would wrap a helper defined in the page in its __name).
    const resources = await measured.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
        url: entry.name,
        type: (entry as PerformanceResourceTiming).initiatorType,
        bytes: (entry as PerformanceResourceTiming).transferSize,
      })),
    );
    const scripts = resources.filter((resource) => resource.type === 'script');
    const sum = (list: typeof resources) => list.reduce((total, resource) => total + resource.bytes, 0);
    const weight = { transfer: sum(resources), script: sum(scripts), scriptUrls: scripts.map((resource) => resource.url) };
    let scriptGzip = 0;
    for (const url of weight.scriptUrls) scriptGzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    results.push({ lcpMs, transferKb: weight.transfer / 1024, scriptKb: weight.script / 1024, scriptGzipKb: scriptGzip / 1024 });
    await measured.close();
  }
  const sorted = [...results].sort((a, b) => a.lcpMs - b.lcpMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`| page | runs | LCP median ms | LCP min–max ms | transferred KiB | of which scripts KiB | scripts gzipped KiB |`);
  console.log(`|---|--:|--:|--:|--:|--:|--:|`);
  console.log(
    `| ${values.path} | ${results.length} | ${median.lcpMs.toFixed(0)} | ${sorted[0]!.lcpMs.toFixed(0)}–${sorted[sorted.length - 1]!.lcpMs.toFixed(0)} | ` +
      `${median.transferKb.toFixed(0)} | ${median.scriptKb.toFixed(0)} | ${median.scriptGzipKb.toFixed(1)} |`,
  );
} finally {
  await browser.close();
}
