// The activity log against the app's own database role (docs/RELIABILITY.md,
// "Database roles"): a server connects as a role made by deploy/database-roles.sql
// (DATABASE_URL) and migrates and listens as the owner (DATABASE_DIRECT_URL).
// Its work is logged (a create, a sign-in) and its start-up prunes an entry past
// the retention; but that role, by hand, can neither insert, update, delete nor
// truncate entries, not even with the setting the old guard trusted. The owner
// too is refused updates, truncation and deletes outside prune_activity().
// Straight to PostgreSQL in every lane: the test's PgBouncer knows one user only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { signInToDashboard, signOutOfDashboard } from '../support/dashboard-session';
import { ADMIN_URL, createTestDatabase, startServer, type TestServer } from '../support/server';

const ROLES_FILE = path.join(import.meta.dirname, '..', '..', 'deploy', 'database-roles.sql');
const ADMIN_EMAIL = 'keeper@example.com';
const ADMIN_PASSWORD = `pw-${randomBytes(12).toString('hex')}`;

/** deploy/database-roles.sql with psql's variables filled in, as `psql -v` would. */
function rolesScript(role: string, password: string): string {
  return fs.readFileSync(ROLES_FILE, 'utf8').replaceAll(':"app_role"', `"${role}"`).replaceAll(":'app_password'", `'${password}'`);
}

describe.skipIf(inject('database') !== 'postgres')('the activity log and the app’s database role', () => {
  const role = `petstore_app_${randomBytes(4).toString('hex')}`;
  let database: { url: string; drop: () => Promise<void> };
  let server: TestServer;
  let owner: postgres.Sql;
  let app: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Migrated by the owner, then the role made as the operator would.
    await (await startServer({ database: 'postgres', databaseUrl: database.url })).stop();
    owner = postgres(database.url, { max: 1, onnotice: () => {} });
    await owner.unsafe(rolesScript(role, 'app-password'));
    // An entry past the retention (400 days), for the start-up's pruning.
    await owner`insert into activity (at, resource, action) values (now() - interval '401 days', 'pet', 'create')`;
    const appUrl = new URL(database.url);
    appUrl.username = role;
    appUrl.password = 'app-password';
    app = postgres(appUrl.toString(), { max: 1, onnotice: () => {} });
    server = await startServer({
      database: 'postgres',
      databaseUrl: database.url,
      env: { DATABASE_URL: appUrl.toString(), DATABASE_DIRECT_URL: database.url, DATABASE_POOLER: 'none', ADMIN_EMAIL, ADMIN_PASSWORD },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await app?.end();
    await owner?.end();
    await database?.drop();
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop role if exists "${role}"`);
    await admin.end();
  });

  it('serves as that role, and its work is logged', async () => {
    const [session] = await app`select current_user as name`;
    expect(session!.name).toBe(role);
    const pet = await api('POST', '/v1/pets', { baseUrl: server.baseUrl, key: server.apiKey, json: { name: 'Logged', categoryId: 1 } });
    expect(pet.status).toBe(201);
    expect(await owner`select action from activity where resource = 'pet' and resource_id = ${String(pet.body.id)}`).toEqual([{ action: 'create' }]);

    const dashboard = await signInToDashboard(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(dashboard).toBeDefined();
    expect(await signInToDashboard(server.baseUrl, ADMIN_EMAIL, 'not the password')).toBeUndefined();
    await signOutOfDashboard(server.baseUrl, dashboard!);
    const signIns = await owner`select action from activity where resource = 'session' and actor_label = ${ADMIN_EMAIL} order by id`;
    expect(signIns.map((entry) => entry.action)).toEqual(['sign-in', 'sign-in-failed', 'sign-out']);
  });

  it('prunes by age at start-up', async () => {
    expect(await owner`select id from activity where at < now() - interval '400 days'`).toEqual([]);
    expect(server.logs()).toMatch(/activity log pruned past its retention/);
  });

  /** The database's refusal of `statement`, or 'allowed'. */
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => 'allowed',
      (error: Error) => error.message,
    );

  it.each([
    ['delete', 'delete from activity'],
    ['update', "update activity set action = 'forged'"],
    ['truncate', 'truncate activity'],
    ['insert a forged entry', "insert into activity (resource, action, actor_label) values ('pet', 'delete', 'someone else')"],
    ['delete with the pruning setting', "select set_config('petstore.pruning', 'on', false); delete from activity"],
    ['write any other entry through record_session_event()', "select record_session_event('delete', 'someone else', null, null, null)"],
  ])('refuses the app’s role to %s', async (_, statement) => {
    const before = await owner`select count(*)::int as count from activity`;
    expect(await refusal(app.unsafe(statement))).toMatch(/permission denied|append-only|not a session event/);
    expect(await owner`select count(*)::int as count from activity`).toEqual(before);
  });

  it.each([
    ['delete', 'delete from activity'],
    ['update', "update activity set action = 'forged'"],
    ['truncate', 'truncate activity'],
    ['delete with the pruning setting', "select set_config('petstore.pruning', 'on', false); delete from activity"],
  ])('refuses the owner to %s', async (_, statement) => {
    const direct = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      expect(await refusal(direct.unsafe(statement))).toMatch(/append-only/);
    } finally {
      await direct.end();
    }
  });

  it('lets the app’s role prune by age only, through prune_activity()', async () => {
    await owner`insert into activity (at, resource, action) values (now() - interval '30 days', 'pet', 'create')`;
    const recent = await owner`select count(*)::int as count from activity where at > now() - interval '1 day'`;
    expect(await app`select prune_activity(10) as pruned`).toEqual([{ pruned: 1 }]);
    expect(await owner`select count(*)::int as count from activity where at > now() - interval '1 day'`).toEqual(recent);
  });
});
