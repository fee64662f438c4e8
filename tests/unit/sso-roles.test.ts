// Single sign-on's rules that need no provider (lib/auth/oidc.ts, lib/runtime/config.ts):
// groups to a role, the role map as configured, and the settings that must go together.
import { describe, expect, it } from 'vitest';
import { roleFromClaims } from '@/lib/auth/oidc';
import { ConfigError, parseConfig } from '@/lib/runtime/config';

const settings = (map: string, extra: Record<string, string> = {}) => parseConfig({ OIDC_ROLE_MAP: map, ...extra });

describe('roles from the provider’s groups', () => {
  const mapped = settings('petstore-admins=admin, petstore-editors=editor,staff=viewer');

  it.each([
    [['staff'], 'viewer'],
    [['staff', 'petstore-editors'], 'editor'],
    [['petstore-editors', 'petstore-admins', 'staff'], 'admin'],
    ['petstore-editors', 'editor'],
    [['contractors'], undefined],
    [[], undefined],
    [undefined, undefined],
    [[42, { name: 'staff' }], undefined],
  ])('groups %j give %s', (groups, role) => {
    expect(roleFromClaims({ groups }, mapped)).toBe(role);
  });

  it('gives OIDC_DEFAULT_ROLE to someone in no mapped group, and reads the claim OIDC_ROLES_CLAIM names', () => {
    const withDefault = settings('staff=viewer', { OIDC_DEFAULT_ROLE: 'viewer', OIDC_ROLES_CLAIM: 'roles' });
    expect(roleFromClaims({ roles: ['contractors'] }, withDefault)).toBe('viewer');
    expect(roleFromClaims({ groups: ['staff'], roles: [] }, withDefault)).toBe('viewer');
  });
});

describe('the single sign-on settings', () => {
  it.each([
    [{ OIDC_ROLE_MAP: 'staff=owner' }, /OIDC_ROLE_MAP: "staff=owner" is not group=role/],
    [{ OIDC_ROLE_MAP: 'staff' }, /OIDC_ROLE_MAP: "staff" is not group=role/],
    [{ OIDC_ISSUER: 'https://id.acme.test' }, /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together/],
    [{ PASSWORD_SIGN_IN: 'off' }, /PASSWORD_SIGN_IN=off needs single sign-on/],
    [{ OIDC_DEFAULT_ROLE: 'root' }, /OIDC_DEFAULT_ROLE/],
  ] as [Record<string, string>, RegExp][])('refuses %j, naming the variable', (environment, message) => {
    expect(() => parseConfig(environment)).toThrow(ConfigError);
    expect(() => parseConfig(environment)).toThrow(message);
  });

  it('takes a group name with an equals sign in it (the last one splits)', () => {
    expect(settings('cn=petstore-admins=admin').OIDC_ROLE_MAP).toEqual([['cn=petstore-admins', 'admin']]);
  });
});
