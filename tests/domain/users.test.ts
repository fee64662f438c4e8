// lib/domain/users.ts in-process on an in-memory PGlite: the first user is an admin, the
// last enabled admin stays one (demote, disable, delete: conflict, with the
// reason), and two admins demoting each other at once leave one admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { createUser, deleteUser, listUsers, updateUser } from '@/lib/domain/users';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
});
afterAll(() => close());

const at = new Date('2026-11-26T12:00:00Z');

describe('roles of dashboard users', () => {
  it('makes the first user an admin and later ones viewers, unless told', async () => {
    expect((await createUser(database, { email: 'first@roles.test', password: 'long enough' }))?.role).toBe('admin');
    expect((await createUser(database, { email: 'second@roles.test', password: 'long enough' }))?.role).toBe('viewer');
    expect((await createUser(database, { email: 'third@roles.test', password: 'long enough', role: 'editor' }))?.role).toBe('editor');
  });

  it('keeps the last enabled admin one: demoting, disabling and deleting are refused with the reason', async () => {
    const [first, second] = await listUsers(database);
    for (const attempt of [
      () => updateUser(database, first!.id, { role: 'editor', by: second!.id, at }),
      () => updateUser(database, first!.id, { disabled: true, by: second!.id, at }),
      () => deleteUser(database, first!.id, second!.id, at),
      () => updateUser(database, first!.id, { role: 'viewer', by: undefined, at }),
    ]) {
      const outcome = await attempt();
      expect(outcome).toEqual({ ok: false, problem: 'conflict', message: expect.stringContaining('first@roles.test is the last admin') });
    }
    expect((await listUsers(database))[0]).toMatchObject({ role: 'admin', disabled: false });
  });

  it('lets one of two admins go, and then refuses the other', async () => {
    const [first, second] = await listUsers(database);
    expect((await updateUser(database, second!.id, { role: 'admin', by: first!.id, at })).ok).toBe(true);
    // At once, each demoting the other: exactly one succeeds.
    const outcomes = await Promise.all([
      updateUser(database, first!.id, { role: 'viewer', by: second!.id, at }),
      updateUser(database, second!.id, { role: 'viewer', by: first!.id, at }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect((await listUsers(database)).filter((user) => user.role === 'admin')).toHaveLength(1);
  });
});
