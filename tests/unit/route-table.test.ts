// The /v1 route table read from app/v1's folder names (lib/v1-path/route-table.ts):
// the real tree's folders, ordered as Next orders them, and matched with params
// decoded per segment.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute, routeTable } from '@/lib/v1-path/route-table';

/** The folders under app/v1 that hold a route.ts, as the build lists them. */
function routeFolders(root = 'app/v1', folder = ''): string[] {
  const here = path.join(root, folder);
  const found = fs.existsSync(path.join(here, 'route.ts')) ? [folder] : [];
  for (const entry of fs.readdirSync(here, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('_')) found.push(...routeFolders(root, path.posix.join(folder, entry.name)));
  }
  return found;
}

const table = routeTable(routeFolders().map((folder) => [folder, { folder }]));
const match = (target: string) => {
  const matched = matchRoute(table, target.split('/').filter(Boolean));
  return matched && { folder: matched.route.folder, params: matched.params };
};

describe('the /v1 route table', () => {
  it.each([
    ['pets', 'pets', {}],
    ['pets/counts', 'pets/counts', {}],
    ['pets/42', 'pets/[petId]', { petId: '42' }],
    ['store/orders/7', 'store/orders/[orderId]', { orderId: '7' }],
    ['openapi.json', 'openapi.json', {}],
    ['pets/a%20b', 'pets/[petId]', { petId: 'a b' }],
    ['pets/%2Fx', 'pets/[petId]', { petId: '/x' }],
    ['nowhere/at/all', '[[...rest]]', { rest: ['nowhere', 'at', 'all'] }],
    ['', '[[...rest]]', {}],
  ])('serves /v1/%s from app/v1/%s', (target, folder, params) => {
    expect(match(target)).toEqual({ folder, params });
  });

  it('puts a static segment before a dynamic one before a catch-all, whatever the folders listing order', () => {
    const shuffled = routeTable([
      ['[[...rest]]', {}],
      ['pets/[petId]', {}],
      ['pets/counts', {}],
      ['pets', {}],
    ]);
    expect(shuffled.map((route) => route.folder)).toEqual(['pets', 'pets/counts', 'pets/[petId]', '[[...rest]]']);
  });

  it('ignores (group) folders and requires one segment or more for [...x]', () => {
    const grouped = routeTable([['(admin)/things/[...parts]', {}]]);
    expect(matchRoute(grouped, ['things', 'a', 'b'])?.params).toEqual({ parts: ['a', 'b'] });
    expect(matchRoute(grouped, ['things'])).toBeUndefined();
  });
});
