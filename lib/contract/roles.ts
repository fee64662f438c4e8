// Roles of dashboard users and the one table of what each may do (docs/ROLES.md).
// Every /v1 operation needs a scope of its key (OPERATION_SCOPE); a user's dashboard
// session holds their role's scope (ROLE_SCOPE), so the same table says what each
// role may do. The server enforces it (lib/http/handler.ts), the dashboard shows or
// hides its controls by it (may), and the OpenAPI document states it on every
// operation (`x-required-scope`).
import { scopesFor, type ApiKeyScope } from './api-keys';

/** Each role may do what the one before it may, and more. */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The scope a role's dashboard session holds (each scope includes the ones before it). */
export const ROLE_SCOPE: Record<Role, ApiKeyScope> = { viewer: 'read', editor: 'write', admin: 'admin' };

/**
 * Every /v1 operation (its operationId) and the scope its key needs. Operations on the
 * caller's own things (their keys, password, sessions) need only `read`: what they may do
 * there is decided by who holds the key (lib/http/key-holder.ts, mayMakeKey). A photo's
 * file (getPhotoFile) takes no key, its signed URL standing for one: it has no row.
 */
export const OPERATION_SCOPE = {
  listPets: 'read',
  createPet: 'write',
  bulkUpdatePets: 'write',
  bulkDeletePets: 'write',
  countPets: 'read',
  getPet: 'read',
  updatePet: 'write',
  deletePet: 'write',
  getPetTimestamps: 'read',
  listPetPhotos: 'read',
  addPetPhoto: 'write',
  getPetPhoto: 'read',
  movePetPhoto: 'write',
  deletePetPhoto: 'write',
  getPetTags: 'read',
  replacePetTags: 'write',
  createImport: 'write',
  listImports: 'read',
  getImport: 'read',
  cancelImport: 'write',
  getImportErrors: 'read',
  listTags: 'read',
  listOrders: 'read',
  placeOrder: 'write',
  countOrders: 'read',
  getOrder: 'read',
  updateOrder: 'write',
  listCategories: 'read',
  createCategory: 'write',
  getCategory: 'read',
  updateCategory: 'write',
  deleteCategory: 'write',
  watchChanges: 'read',
  listApiKeys: 'read',
  createApiKey: 'read',
  revokeApiKey: 'read',
  listUsers: 'admin',
  createUser: 'admin',
  updateUser: 'admin',
  deleteUser: 'admin',
  resetUserPassword: 'admin',
  listActivity: 'admin',
  listPetHistory: 'read',
  restoreActivityEntry: 'write',
  undoBatch: 'write',
  endOwnSessions: 'read',
  changeOwnPassword: 'read',
} as const satisfies Record<string, ApiKeyScope>;
export type OperationId = keyof typeof OPERATION_SCOPE;

/** What a key of each scope may do, in words (the rows of OPERATION_SCOPE with that scope, and those of the scopes it includes). */
export const SCOPE_ALLOWS: Record<ApiKeyScope, string> = {
  read: 'list and view pets (their history too), categories, orders and imports, and follow changes',
  write: 'read, and add, edit, delete, import and restore pets, add, rename and delete categories, place and move orders',
  admin: 'write, and manage users, everyone’s API keys and the activity log',
};

/** Whether a user of `role` may call `operation` from the dashboard. */
export function may(role: Role, operation: OperationId): boolean {
  return scopesFor(ROLE_SCOPE[role]).includes(OPERATION_SCOPE[operation]);
}

/** Why a control is disabled, in the dashboard's words. */
export function lackReason(role: Role, operation: OperationId): string {
  const needed = OPERATION_SCOPE[operation] === 'admin' ? 'an admin' : 'an editor or admin';
  return `Your role (${role}) cannot do this: it needs ${needed}.`;
}

/** The widest scope of a key a user of each role may make (admin keys stay with sessions). */
const GRANTABLE_SCOPE: Record<Role, 'read' | 'write'> = { viewer: 'read', editor: 'write', admin: 'write' };

/**
 * Why a caller may not make a key of `scope`, or null when they may: a key is never more
 * than what their role grants, nor than the key they call with holds (a session on a
 * temporary password reads only).
 */
export function keyScopeRefusal(maker: { role: Role; heldScopes: readonly ApiKeyScope[] }, scope: ApiKeyScope): string | null {
  const granted = GRANTABLE_SCOPE[maker.role];
  const widest = granted === 'write' && !maker.heldScopes.includes('write') ? 'read' : granted;
  if (scopesFor(widest).includes(scope)) return null;
  return `You may make keys with the "${widest}" scope at most: a key is never more than your role and your session allow.`;
}
