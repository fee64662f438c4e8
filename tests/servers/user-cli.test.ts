// `npm run user -- …` while the server runs (PostgreSQL only: the CLI and the
// server cannot share a PGlite folder): the same lifecycle as the dashboard's,
// with the running server's sessions and keys stopping at once.
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { runCli, runCliWithInput } from '../support/cli';
import { signInToDashboard } from '../support/dashboard-session';

const userCli = (...args: string[]) => runCli('scripts/user.ts', ...args);
const PASSWORD = 'a cli test password';

describe.skipIf(inject('database') !== 'postgres')('npm run user (lifecycle)', () => {
  it('reads the password piped on standard input, and says what it needs when none comes', async () => {
    const email = `cli-stdin-${randomBytes(6).toString('hex')}@people.test`;
    const created = await runCliWithInput('scripts/user.ts', `${PASSWORD}\n`, 'create', '--email', email, '--role', 'viewer');
    expect(created.code).toBe(0);
    expect((await signInToDashboard(inject('baseUrl'), email, PASSWORD))?.role).toBe('viewer');
    const none = await runCliWithInput('scripts/user.ts', '', 'create', '--email', `other-${email}`);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password given: pass --password PASSWORD, or pipe it on standard input');
  });

  it('creates with a role, changes it, resets, disables, enables and deletes, each stopping what it must', async () => {
    const email = `cli-${randomBytes(6).toString('hex')}@people.test`;
    const baseUrl = inject('baseUrl');
    expect((await userCli('create', '--email', email, '--role', 'editor', '--password', PASSWORD)).stderr).toContain(
      `Created dashboard user ${email} (editor).`,
    );
    const session = (await signInToDashboard(baseUrl, email, PASSWORD))!;
    expect(session.role).toBe('editor');

    expect((await userCli('set-role', '--email', email, '--role', 'viewer')).stderr).toMatch(/Made .* viewer; 1 key\(s\) revoked/);
    expect((await api('GET', '/v1/pets?limit=1', { key: session.apiKey })).status).toBe(401);

    const reset = await userCli('reset-password', '--email', email);
    const temporary = reset.stdout.trim();
    expect((await signInToDashboard(baseUrl, email, temporary))?.mustChangePassword).toBe(true);

    const again = (await signInToDashboard(baseUrl, email, temporary))!;
    await userCli('disable', '--email', email);
    expect((await api('GET', '/v1/pets?limit=1', { key: again.apiKey })).status).toBe(401);
    expect(await signInToDashboard(baseUrl, email, temporary)).toBeUndefined();
    await userCli('enable', '--email', email);
    expect(await signInToDashboard(baseUrl, email, temporary)).toBeDefined();

    expect((await userCli('delete', '--email', email)).stderr).toContain(`Deleted ${email}`);
    const listed = (await userCli('list')).stdout;
    expect(listed).not.toContain(email);
  }, 120_000); // seven CLI runs, each a tsx start: tens of seconds on a loaded machine

  it('says why a change is refused, without the usage', async () => {
    const failed = await userCli('set-role', '--email', `nobody-${randomBytes(4).toString('hex')}@people.test`, '--role', 'admin').catch(
      (error: { stderr: string }) => error,
    );
    expect((failed as { stderr: string }).stderr).toMatch(/No user has email/);
    const badRole = await userCli('set-role', '--email', 'x@people.test', '--role', 'owner').catch((error: { stderr: string }) => error);
    expect((badRole as { stderr: string }).stderr).toContain('--role must be one of viewer, editor, admin');
  }, 60_000);
});
