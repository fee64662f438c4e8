// Dashboard users: creating, listing, checking and changing passwords. Passwords
// are kept only as argon2id hashes (PHC strings, @node-rs/argon2 defaults).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { revokeApiKey } from './api-keys';
import type { Database } from './db/client';
import { apiKeys, users } from './db/schema';

export type User = { id: number; email: string };

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

/** Creates the user unless one with that email exists; returns it, or undefined when it existed already. */
export async function createUser(database: Database, input: { email: string; password: string }): Promise<(User & { createdAt: Date }) | undefined> {
  const [row] = await database
    .insert(users)
    .values({ email: normaliseEmail(input.email), passwordHash: await hash(input.password) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email, createdAt: users.createdAt });
  return row;
}

/** False when no user has that email. */
export async function setPassword(database: Database, email: string, password: string): Promise<boolean> {
  const updated = await database
    .update(users)
    .set({ passwordHash: await hash(password) })
    .where(eq(users.email, normaliseEmail(email)))
    .returning({ id: users.id });
  return updated.length > 0;
}

// Verified against when the email is unknown, so a wrong email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** The user when the email and password match, else undefined. */
export async function verifyCredentials(database: Database, email: string, password: string): Promise<User | undefined> {
  const [row] = await database
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  if (!row) {
    decoyHash ??= hash(generatePassword());
    await verify(await decoyHash, password);
    return undefined;
  }
  return (await verify(row.passwordHash, password)) ? { id: row.id, email: row.email } : undefined;
}

/** Every dashboard user, oldest first (no hashes). */
export async function listUsers(database: Database): Promise<(User & { createdAt: Date })[]> {
  return database.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).orderBy(asc(users.id));
}

/** The user a dashboard session's API key belongs to; undefined for keys made by hand (CLI, API, bootstrap). */
export async function findUserByApiKey(database: Database, keyId: number): Promise<User | undefined> {
  const [row] = await database
    .select({ id: users.id, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.id, keyId));
  return row;
}

/**
 * Sets a new password only when the current one is right: false (nothing changed) when it
 * is not. The user's other dashboard sessions end (their keys are revoked): whoever held
 * the old password is signed out; the session that made the change stays.
 */
export async function changePassword(
  database: Database,
  change: { user: User; keyId: number; currentPassword: string; newPassword: string; at: Date },
): Promise<boolean> {
  if (!(await verifyCredentials(database, change.user.email, change.currentPassword))) return false;
  await setPassword(database, change.user.email, change.newPassword);
  const others = await database
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, change.user.id), ne(apiKeys.id, change.keyId), isNull(apiKeys.revokedAt)));
  for (const other of others) await revokeApiKey(database, other.id, change.at);
  return true;
}
