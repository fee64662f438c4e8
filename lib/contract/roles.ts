// Roles of dashboard users and what each may do (docs/ROLES.md). The server
// enforces them through the scopes of a session's API key (lib/auth/options.ts);
// the dashboard reads the same table to hide or disable what a role lacks. No
// zod here: the dashboard's components import it.
import type { ApiKeyScope } from './api-keys';

/** Each role may do what the one before it may, and more. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The scope a role's dashboard session holds (each scope includes the ones before it). */
export const ROLE_SCOPE: Record<Role, ApiKeyScope> = { viewer: 'read', editor: 'write', admin: 'admin' };

/** The widest scope of a key a user of that role may make (admin keys stay with sessions). */
const GRANTABLE_SCOPE: Record<Role, 'read' | 'write'> = { viewer: 'read', editor: 'write', admin: 'write' };

/**
 * The widest scope of a key that a caller may make: what their role grants, and never more
 * than the key they call with holds (a session on a temporary password reads only).
 */
export function widestKeyScope(maker: { role: Role; heldScopes: readonly ApiKeyScope[] }): 'read' | 'write' {
  const granted = GRANTABLE_SCOPE[maker.role];
  return granted === 'write' && !maker.heldScopes.includes('write') ? 'read' : granted;
}

/** What the dashboard offers, by the least role that may do it. */
const LEAST_ROLE = {
  /** Add, edit, delete pets; add and rename categories; place and move orders. */
  edit: 'editor',
  /** Users, everyone's API keys, the activity log. */
  administer: 'admin',
} as const satisfies Record<string, Role>;
export type Capability = keyof typeof LEAST_ROLE;

export function can(role: Role, capability: Capability): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(LEAST_ROLE[capability]);
}

/** Why a control is disabled, in the dashboard's words. */
export function lackReason(role: Role, capability: Capability): string {
  return `Your role (${role}) cannot do this: it needs ${LEAST_ROLE[capability] === 'admin' ? 'an admin' : 'an editor or admin'}.`;
}
