// The sign-in page's note on where the first account comes from is true for
// the server's configuration: it points to the server log only when the log
// really holds a generated password.
import { expect, test } from '@playwright/test';
import { startServer } from '../tests/support/server';

const hint = (page: import('@playwright/test').Page) => page.locator('main > div > p').last();

test('with ADMIN_EMAIL set, it names ADMIN_EMAIL and no generated password', async ({ page }) => {
  await page.goto('/signin');
  await expect(hint(page)).toContainText('Sign in with the admin account named by ADMIN_EMAIL');
  await expect(page.getByText('admin@localhost')).toHaveCount(0);
  await expect(page.getByText(/password generated/)).toHaveCount(0);
});

test('on a fresh embedded database without ADMIN_EMAIL, the log does hold the password it points to', async ({ page }) => {
  const server = await startServer({ database: 'pglite', env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
  try {
    await page.goto(`${server.baseUrl}/signin`);
    await expect(hint(page)).toHaveText(
      'First start on the embedded database? The server\'s output, after "listening", shows the password generated for admin@localhost.',
    );
    // Plainly, never in a JSON log line. (After "listening" on a terminal; the
    // two pipes this test reads from may interleave their lines otherwise.)
    const logs = server.logs();
    const password = /^ {4}password {2}(\S+)$/m.exec(logs)?.[1];
    expect(password, 'the generated password, printed').toBeTruthy();
    expect(logs.split('\n').filter((line) => line.startsWith('{') && line.includes(password!))).toEqual([]);
    await page.getByLabel('Email').fill('admin@localhost');
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/pets`);
  } finally {
    await server.stop();
  }
});
