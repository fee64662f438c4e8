// Dashboard users: creating, listing, checking credentials, changing passwords,
// and what admins do to others (role, disable, delete, reset the password).
// Passwords are kept only as argon2id hashes (PHC strings, @node-rs/argon2 defaults).
// Every change that takes something away ends the person's sessions and stops
// the keys it must, in the same transaction (docs/ROLES.md).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { forgetCachedKeys, revokeKeysOfUser } from './api-keys';
import { KEY_LEASE_MS, REVOCATION_CHANNEL } from './api-key-cache';
import { ROLE_SCOPE, type Role } from '../contract/roles';
import type { Database, Executor } from '../db/client';
import { afterNotification } from '../db/notify';
import { apiKeys, removedUsers, users } from '../db/schema';
import { refused, succeeded, type Outcome } from './outcome';
import { recordSessionEvent, recorded } from './activity';

export type User = { id: number; email: string; role: Role; disabled: boolean; mustChangePassword: boolean; lastSignInAt: Date | null; createdAt: Date };

const userColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  disabledAt: users.disabledAt,
  mustChangePassword: users.mustChangePassword,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

type UserRow = { id: number; email: string; role: Role; disabledAt: Date | null; mustChangePassword: boolean; lastSignInAt: Date | null; createdAt: Date };
const toUser = ({ disabledAt, ...row }: UserRow): User => ({ ...row, disabled: disabledAt !== null });

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A password for a generated account: 18 random bytes, base64url (24 characters). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function countUsers(database: Database): Promise<number> {
  const [row] = await database.select({ users: count() }).from(users);
  return row!.users;
}

/**
 * Creates the user unless one with that email exists; returns it, or undefined when it
 * existed already. Without a role: admin for the very first user, else viewer. A
 * break-glass user (an admin made with the CLI) may sign in with a password when only
 * single sign-on may. Someone deleted before is welcome again, through single sign-on too.
 * `mustChangePassword`: the password was chosen by someone else (an admin, over /v1), so
 * the user replaces it at their first sign-in, as after a reset; the operator's CLI leaves it off.
 */
export async function createUser(
  database: Executor,
  input: { email: string; password: string; role?: Role; breakGlass?: boolean; mustChangePassword?: boolean },
): Promise<User | undefined> {
  const email = normaliseEmail(input.email);
  const role = input.role ?? sql`(CASE WHEN EXISTS (SELECT 1 FROM ${users}) THEN 'viewer' ELSE 'admin' END)::user_role`;
  const passwordHash = await hash(input.password);
  const [row] = await recorded(database, async (transaction) => {
    const made = await transaction
      .insert(users)
      .values({ email, passwordHash, role, breakGlass: input.breakGlass ?? false, mustChangePassword: input.mustChangePassword ?? false })
      .onConflictDoNothing({ target: users.email })
      .returning(userColumns);
    if (made.length > 0) await transaction.delete(removedUsers).where(eq(removedUsers.email, email));
    return made;
  });
  return row && toUser(row);
}

/** False when no user has that email. */
export async function setPassword(database: Executor, email: string, password: string, options: { mustChange?: boolean } = {}): Promise<boolean> {
  const updated = await database
    .update(users)
    .set({ passwordHash: await hash(password), mustChangePassword: options.mustChange ?? false })
    .where(eq(users.email, normaliseEmail(email)))
    .returning({ id: users.id });
  return updated.length > 0;
}

// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * The user when the email and password match (a disabled one too: `disabled` says so, and
 * only someone who knows the password learns it), else undefined; `breakGlass` says whether
 * they may sign in with a password when only single sign-on may.
 */
export async function verifyCredentials(database: Executor, email: string, password: string): Promise<(User & { breakGlass: boolean }) | undefined> {
  const [row] = await database
    .select({ ...userColumns, passwordHash: users.passwordHash, breakGlass: users.breakGlass })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!row?.passwordHash) {
    // An unknown email, or someone without a password (single sign-on only).
    decoyHash ??= hash(generatePassword());
    await verify(await decoyHash, password);
    return undefined;
  }
  const { passwordHash, breakGlass, ...user } = row;
  return (await verify(passwordHash, password)) ? { ...toUser(user), breakGlass } : undefined;
}

/** Why a person the identity provider vouches for may not sign in here. */
export type ProviderRefusal = 'removed' | 'disabled';

/**
 * The user a sign-in through the identity provider is for: made at their first sign-in
 * (without a password), given the role their groups map to at every later one (unless
 * `keepsRole`: the provider sent no groups, and the role given here stands). The app
 * keeps the last word: a disabled user, or one deleted here, stays out; the last enabled
 * admin keeps that role (the change is refused as in the dashboard).
 */
export async function userFromProvider(
  database: Database,
  person: { email: string; role: Role; at: Date; keepsRole?: boolean },
): Promise<{ ok: true; user: User; keptRole?: string } | { ok: false; reason: ProviderRefusal }> {
  const email = normaliseEmail(person.email);
  const found = await recorded(database, async (tx) => {
    const [removed] = await tx.select({ email: removedUsers.email }).from(removedUsers).where(eq(removedUsers.email, email));
    if (removed) return 'removed' as const;
    const [made] = await tx.insert(users).values({ email, role: person.role }).onConflictDoNothing({ target: users.email }).returning(userColumns);
    if (made) return { user: toUser(made), isNew: true };
    const [existing] = await tx.select(userColumns).from(users).where(eq(users.email, email));
    return { user: toUser(existing!), isNew: false };
  });
  if (found === 'removed') return { ok: false, reason: 'removed' };
  const { user, isNew } = found;
  if (user.disabled) return { ok: false, reason: 'disabled' };
  if (isNew || person.keepsRole || user.role === person.role) return { ok: true, user };
  const changed = await updateUser(database, user.id, { role: person.role, by: undefined, at: person.at });
  return changed.ok ? { ok: true, user: changed.value.user } : { ok: true, user, keptRole: changed.message };
}

/** Notes a successful sign-in (password or single sign-on) as the user's last one. */
export async function noteSignIn(database: Executor, userId: number, at: Date): Promise<void> {
  await database.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

/** Every dashboard user, oldest first (no hashes). */
export async function listUsers(database: Executor): Promise<User[]> {
  return (await database.select(userColumns).from(users).orderBy(asc(users.id))).map(toUser);
}

export async function findUser(database: Executor, id: number): Promise<User | undefined> {
  const [row] = await database.select(userColumns).from(users).where(eq(users.id, id));
  return row && toUser(row);
}

/** The user whose dashboard session this key is; undefined for every other key (made by hand, CLI, bootstrap). */
export async function findUserBySessionKey(database: Executor, keyId: number): Promise<User | undefined> {
  const [row] = await database
    .select(userColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.isSession, true)));
  return row && toUser(row);
}

/** Runs a change that revokes keys; returns once every instance has heard of them. */
async function revoking<Value>(database: Database, change: (tx: Executor) => Promise<Outcome<Value & { stoppedKeyIds: number[] }>>) {
  const outcome = await afterNotification(
    database,
    REVOCATION_CHANNEL,
    () => recorded(database, change),
    (result) => (result.ok ? result.value.stoppedKeyIds.map(String) : []),
    KEY_LEASE_MS,
  );
  if (outcome.ok) forgetCachedKeys(outcome.value.stoppedKeyIds);
  return outcome;
}

/**
 * Sets a new password only when the current one is right: false (nothing changed) when it
 * is not. The user's other dashboard sessions end: whoever held the old password is signed
 * out; the session that made the change stays.
 */
export async function changePassword(
  database: Database,
  change: { user: Pick<User, 'id' | 'email'>; keyId: number; currentPassword: string; newPassword: string; at: Date },
): Promise<boolean> {
  const verified = await verifyCredentials(database, change.user.email, change.currentPassword);
  if (!verified || verified.disabled) return false;
  await revoking(database, async (tx) => {
    await setPassword(tx, change.user.email, change.newPassword);
    const stoppedKeyIds = await revokeKeysOfUser(tx, change.user.id, {
      reason: 'password-changed',
      at: change.at,
      madeKeys: 'none',
      exceptKeyId: change.keyId,
    });
    return succeeded({ stoppedKeyIds });
  });
  return true;
}

/** Ends every session of the user, the calling one included ("Sign out everywhere"), and records it. */
export async function endAllSessions(database: Database, user: Pick<User, 'id' | 'email'>, at: Date): Promise<number[]> {
  const outcome = await revoking(database, async (tx) => {
    const stoppedKeyIds = await revokeKeysOfUser(tx, user.id, { reason: 'signed-out-everywhere', at, madeKeys: 'none' });
    await recordSessionEvent(tx, { action: 'sign-out-everywhere', email: user.email, userId: user.id });
    return succeeded({ stoppedKeyIds });
  });
  return outcome.ok ? outcome.value.stoppedKeyIds : [];
}

/** What an admin does to another user. */
export type UserChange = { role?: Role; disabled?: boolean };

/**
 * Changes another user's role or disables/enables them. A role change ends their sessions
 * and stops the keys they made beyond the new role; disabling ends their sessions and stops
 * every key of theirs (enabling again brings none back). The last enabled admin stays one.
 */
export async function updateUser(
  database: Database,
  target: number,
  change: UserChange & { by: number | undefined; at: Date },
): Promise<Outcome<{ user: User; stoppedKeyIds: number[] }>> {
  return revoking(database, async (tx) => {
    const guard = await guardOthers(
      tx,
      target,
      change.by,
      change.role !== undefined && change.role !== 'admin' ? 'demote' : change.disabled ? 'disable' : undefined,
    );
    if (!guard.ok) return guard;
    const before = guard.value;
    const stoppedKeyIds: number[] = [];
    const set: Partial<typeof users.$inferInsert> = {};
    if (change.role !== undefined && change.role !== before.role) {
      set.role = change.role;
      stoppedKeyIds.push(...(await revokeKeysOfUser(tx, target, { reason: 'role-changed', at: change.at, madeKeys: { beyond: ROLE_SCOPE[change.role] } })));
    }
    if (change.disabled !== undefined && change.disabled !== before.disabled) {
      set.disabledAt = change.disabled ? change.at : null;
      if (change.disabled) stoppedKeyIds.push(...(await revokeKeysOfUser(tx, target, { reason: 'disabled', at: change.at, madeKeys: 'all' })));
    }
    if (Object.keys(set).length === 0) return succeeded({ user: before, stoppedKeyIds });
    const [row] = await tx.update(users).set(set).where(eq(users.id, target)).returning(userColumns);
    return succeeded({ user: toUser(row!), stoppedKeyIds });
  });
}

/** Deletes another user: their keys stop first (they stay listed, revoked, with no owner). */
export async function deleteUser(
  database: Database,
  target: number,
  by: number | undefined,
  at: Date,
): Promise<Outcome<{ user: User; stoppedKeyIds: number[] }>> {
  return revoking(database, async (tx) => {
    const guard = await guardOthers(tx, target, by, 'delete');
    if (!guard.ok) return guard;
    const stoppedKeyIds = await revokeKeysOfUser(tx, target, { reason: 'deleted', at, madeKeys: 'all' });
    await tx.delete(users).where(eq(users.id, target));
    // Single sign-on does not bring them back (userFromProvider); adding them again does.
    await tx
      .insert(removedUsers)
      .values({ email: guard.value.email, removedAt: at })
      .onConflictDoUpdate({ target: removedUsers.email, set: { removedAt: at } });
    return succeeded({ user: guard.value, stoppedKeyIds });
  });
}

/** Gives another user a temporary password, to be replaced at their next sign-in; their sessions end. */
export async function resetPassword(
  database: Database,
  target: number,
  by: number | undefined,
  at: Date,
): Promise<Outcome<{ temporaryPassword: string; stoppedKeyIds: number[] }>> {
  const temporaryPassword = generatePassword();
  return revoking(database, async (tx) => {
    const guard = await guardOthers(tx, target, by, undefined);
    if (!guard.ok) return guard;
    await setPassword(tx, guard.value.email, temporaryPassword, { mustChange: true });
    const stoppedKeyIds = await revokeKeysOfUser(tx, target, { reason: 'password-reset', at, madeKeys: 'none' });
    return succeeded({ temporaryPassword, stoppedKeyIds });
  });
}

/**
 * The target, locked, when `by` may act on them: not oneself (ask another admin), and never
 * the last enabled admin out of that role. The enabled admins are locked so that two such
 * changes at once cannot both pass.
 */
async function guardOthers(tx: Executor, target: number, by: number | undefined, removal: 'demote' | 'disable' | 'delete' | undefined): Promise<Outcome<User>> {
  if (target > Number.MAX_SAFE_INTEGER) return refused('not_found', `No user has id ${target}.`);
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('no key update');
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, target)).for('no key update');
  if (!row) return refused('not_found', `No user has id ${target}.`);
  if (by === target) return refused('conflict', 'You cannot change your own account this way: ask another admin.');
  const isLastAdmin = admins.length === 1 && admins[0]!.id === target;
  if (removal && isLastAdmin) {
    return refused('conflict', `${row.email} is the last admin: make another user an admin first, or nobody could manage users and keys.`);
  }
  return succeeded(toUser(row));
}
