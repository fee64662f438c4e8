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
  await expect(page.getByText(/server log/)).toHaveCount(0);
});

test('on a fresh embedded database without ADMIN_EMAIL, the log does hold the password it points to', async ({ page }) => {
  const server = await startServer({ database: 'pglite', env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
  try {
    await page.goto(`${server.baseUrl}/signin`);
    await expect(hint(page)).toHaveText('First start on the embedded database? The server log shows the password generated for admin@localhost.');
    const password = /email admin@localhost, password (\S+) \(shown only this once\)/.exec(server.logs())?.[1];
    expect(password, 'the generated password in the log').toBeTruthy();
    await page.getByLabel('Email').fill('admin@localhost');
    await page.getByLabel('Password').fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/pets`);
  } finally {
    await server.stop();
  }
});
