// The submit flow every dashboard form shares (components/use-contract-form.ts):
// a wrong field is caught in the browser and nothing is sent; while the server
// works, the submit button says so and nothing can be sent twice; what the
// server refuses appears beside its field.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STORAGE_STATE } from './support/fixtures';

test.use({ storageState: STORAGE_STATE });

type FormCase = {
  name: string;
  path: string;
  /** The form, opened if it sits behind a button. */
  open: (page: Page) => Promise<Locator>;
  /** Fills the form's other fields with values it accepts, so that `field` is what is wrong. */
  fillOthers?: (form: Locator) => Promise<void>;
  field: string;
  /** A value the contract's schema refuses, and one it accepts. */
  invalid: string;
  valid: () => string;
  submit: string;
  pending: string;
  request: RegExp;
};

const FORMS: FormCase[] = [
  {
    name: 'Add pet',
    path: '/pets',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add pet' }).click();
      return page.getByRole('dialog', { name: 'Add a pet' });
    },
    fillOthers: (form) =>
      form
        .getByLabel('Category', { exact: true })
        .selectOption({ label: 'Dogs' })
        .then(() => {}),
    field: 'Name',
    invalid: '   ',
    valid: () => `Form pet ${Date.now()}`,
    submit: 'Add pet',
    pending: 'Adding…',
    request: /\/v1\/pets$/,
  },
  {
    name: 'Create API key',
    path: '/api-keys',
    open: async (page) => {
      await page.getByRole('button', { name: 'Create API key' }).click();
      return page.getByRole('dialog');
    },
    field: 'Name',
    invalid: '',
    valid: () => `Form key ${Date.now()}`,
    submit: 'Create key',
    pending: 'Creating…',
    request: /\/v1\/api-keys$/,
  },
  {
    name: 'Add category',
    path: '/categories',
    open: async (page) => page.locator('form').filter({ has: page.getByLabel('New category') }),
    field: 'New category',
    invalid: '',
    valid: () => `Form category ${Date.now()}`,
    submit: 'Add category',
    pending: 'Adding…',
    request: /\/v1\/categories$/,
  },
  {
    name: 'Add user',
    path: '/users',
    open: async (page) => page.locator('form', { hasText: 'Add a user' }),
    fillOthers: (form) => form.getByLabel('First password').fill('a good first password'),
    field: 'Email',
    invalid: 'not an email',
    valid: () => `form-${Date.now()}@petstore.test`,
    submit: 'Add user',
    pending: 'Adding…',
    request: /\/v1\/users$/,
  },
];

for (const form of FORMS) {
  test(`${form.name}: checks in the browser, shows the save in progress, and sends once`, async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && form.request.test(request.url())) posts.push(request.url());
    });
    await page.goto(form.path);
    const container = await form.open(page);
    await form.fillOthers?.(container);

    await container.getByLabel(form.field, { exact: true }).fill(form.invalid);
    await container.getByRole('button', { name: form.submit }).click();
    await expect(container.getByLabel(form.field, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    // Hold the request at the network until the pending state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(form.request, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await container.getByLabel(form.field, { exact: true }).fill(form.valid());
    await container.getByRole('button', { name: form.submit }).click();
    await expect(container.getByRole('button', { name: form.pending })).toBeDisabled();
    // Two more submits at once, before React re-renders: the form must not send again.
    await container.getByLabel(form.field, { exact: true }).evaluate((field) => {
      const element = (field as HTMLInputElement).form!;
      element.requestSubmit();
      element.requestSubmit();
    });
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && form.request.test(response.url()));
    release();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('button', { name: form.pending })).toHaveCount(0);
    expect(posts).toHaveLength(1);
  });
}

test('a name the server refuses (taken, ignoring case) appears beside the field, and the form keeps what was typed', async ({ page }) => {
  const name = `Form taken ${Date.now()}`;
  await page.goto('/categories');
  const field = page.getByLabel('New category');
  await field.fill(name);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} was added` })).toBeVisible();

  await field.fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/already exists/);
  await expect(field).toHaveValue(name.toLowerCase());
  // The earlier success is not left standing beside a refusal.
  await expect(page.getByRole('status').filter({ hasText: 'was added' })).toHaveCount(0);
});
