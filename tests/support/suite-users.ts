// People and their API keys made through the API on the suite's own server, as an
// admin and the people themselves make them: enough for tests that need only
// users and keys, on every database. (A test that prepares what the API cannot
// make needs seeded-server.ts, and on PGlite a server of its own.)
import { expect, inject } from 'vitest';
import type { Role } from '@/lib/contract/roles';
import { api } from './api';
import { signInToDashboard } from './dashboard-session';
import type { SeededServer } from './seeded-server';

/** The suite's server, with what a test made on it. */
export const suiteServerWith = <Seed>(seed: Seed): SeededServer<Seed> => ({
  baseUrl: inject('baseUrl'),
  bootstrapKey: inject('apiKey'),
  seed,
  stop: async () => {},
});

/**
 * A dashboard user added by the suite's bootstrap key, who has replaced the first password
 * an admin set (as they must at their first sign-in) with `password`; their id.
 */
export async function addUser(email: string, password: string, role: Role): Promise<number> {
  const firstPassword = `first ${password}`;
  const made = await api<{ id: number }>('POST', '/v1/users', { json: { email, password: firstPassword, role } });
  expect(made.status, `POST /v1/users (${email})`).toBe(201);
  const firstSession = await sessionKeyOf(email, firstPassword);
  const changed = await api('PUT', '/v1/me/password', { key: firstSession, json: { currentPassword: firstPassword, newPassword: password } });
  expect(changed.status, `${email} chooses a password`).toBe(204);
  expect((await api('DELETE', '/v1/me/sessions', { key: firstSession })).status).toBe(204);
  return made.body.id;
}

/** The API key of a new dashboard session of the user (a sign-in). */
export async function sessionKeyOf(email: string, password: string): Promise<string> {
  const session = await signInToDashboard(inject('baseUrl'), email, password);
  expect(session, `${email} signs in`).toBeDefined();
  return session!.apiKey;
}

/** Keys the user makes for themselves (signed in, then signed out everywhere): their secrets and ids. */
export async function addKeysOf(email: string, password: string, keys: { name: string; scope: 'read' | 'write' }[]): Promise<{ secret: string; id: number }[]> {
  const session = await sessionKeyOf(email, password);
  const made = [];
  for (const json of keys) {
    const answer = await api<{ key: string; id: number }>('POST', '/v1/api-keys', { key: session, json });
    expect(answer.status, `POST /v1/api-keys as ${email}`).toBe(201);
    made.push({ secret: answer.body.key, id: answer.body.id });
  }
  expect((await api('DELETE', '/v1/me/sessions', { key: session })).status).toBe(204);
  return made;
}
