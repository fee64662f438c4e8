// Browser tests: the production build in Debian's Chromium, one server for the
// run (started by e2e/support/global-setup.ts on a fresh PostgreSQL database).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  // One retry for a test that meets the shared machine's load; npm test names each one that
  // needed it (FLAKY:), so none is hidden.
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recorded on the retry only: a failing test still leaves one (test-results/e2e), and the
    // passing ones do not pay for it (recording every test took 11–28% longer on three specs).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
