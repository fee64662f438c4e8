// Where sign-in returns to (lib/auth/sign-in-path.ts): only this site's paths, as the URL
// parser normalises them; anything that a browser would take off the site goes to /pets.
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/auth/sign-in-path';

describe('the path sign-in returns to', () => {
  it.each([
    ['/pets?status=sold', '/pets?status=sold'],
    ['/users', '/users'],
    ['/activity#top', '/activity#top'],
    ['/pets/../orders', '/orders'],
    ['/pets\n', '/pets'],
  ])('keeps the same-site path %j as %j', (given, kept) => {
    expect(safeReturnPath(given)).toBe(kept);
  });

  it.each([
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/./\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '',
    undefined,
  ])('sends %j to the pets list', (given) => {
    expect(safeReturnPath(given)).toBe('/pets');
  });
});
