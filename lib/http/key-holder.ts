// Who holds the calling key, for the operations that depend on it (keys, users,
// "me"): an admin (the admin scope: an admin's session or the bootstrap key), a
// dashboard user's session, or neither (a key made by hand).
import { needAtChange } from '../domain/activity';
import type { Executor } from '../db/client';
import { findUserBySessionKey, type User } from '../domain/users';
import type { Caller } from './auth';
import { ApiError } from './errors';

export type KeyHolder = { isAdmin: true; user: User | undefined } | { isAdmin: false; user: User };

/** The holder when an admin or a dashboard session calls; 403 for a key made by hand without the admin scope. */
export async function keyHolder(database: Executor, caller: Caller): Promise<KeyHolder> {
  const user = await findUserBySessionKey(database, caller.keyId);
  if (caller.scopes.includes('admin')) {
    // What it does as an admin needs the admin scope still held when it acts (drizzle/0018).
    needAtChange('admin');
    return { isAdmin: true, user };
  }
  if (user) return { isAdmin: false, user };
  throw new ApiError('forbidden', 'This API key lacks the "admin" scope needed for this operation.');
}

/** The dashboard user behind a session's key; 403 for any other key (there is no "me"). */
export async function sessionUser(database: Executor, caller: Caller, doing: string): Promise<User> {
  const user = await findUserBySessionKey(database, caller.keyId);
  if (!user) throw new ApiError('forbidden', `This API key belongs to no dashboard user; only a dashboard session can ${doing}.`);
  return user;
}
