// The activity log (docs/ROLES.md, "The activity log"). Triggers write an entry for
// every change to pets, categories, orders, users and API keys in the change's
// own transaction (drizzle/0011); this module tells them who acts (the
// transaction-local `petstore.actor` setting, from the request's context),
// records sign-ins and other session events, reads the log, and prunes it past its retention: the last
// two through the database's own functions, the only writers the app's role
// may use besides the triggers (drizzle/0019).
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { containing } from '../db/like';
import { activity, users } from '../db/schema';
import { toPage, type Page } from './pagination';
import { processState } from '../process-state';
import { scopesFor, type ApiKeyScope as Scope } from '../contract/api-keys';

/**
 * Who makes the changes of the current request: the calling key (none when the service acts
 * under a name of its own: single sign-on), its user and label
 * (known from the key check, so the trigger need not look them up), the request id, and
 * the scopes the key must still hold when a change acts (checked in its transaction).
 */
type Actor = {
  keyId: number | null;
  userId: number | null;
  label: string;
  requestId: string;
  needs: Set<Scope>;
  /** The batch the changes belong to (inBatch). */
  batchId?: string;
  /** The entry a restore sets a pet back to (lib/domain/restore.ts). */
  restoredFrom?: number;
};

/** The system, for a batch or a restore outside any request (the CLI): no key, no user. */
const SYSTEM: Actor = { keyId: null, userId: null, label: '', requestId: '', needs: new Set() };

// One per process (lib/process-state.ts): both bundles share it.
const actors = processState('activityActors', () => new AsyncLocalStorage<Actor>());

/** Runs `work` with its changes recorded as `actor`'s. */
export function actingAs<Result>(actor: Actor, work: () => Promise<Result>): Promise<Result> {
  return actors.run(actor, work);
}

/**
 * Runs `work` with every change it makes recorded under the batch `batchId` (a uuid): each
 * activity entry carries it, and POST /v1/activity/batches/{batchId}/restore undoes them
 * together. A bulk change, a bulk delete, an import and an undo each run as one batch.
 */
export function inBatch<Result>(batchId: string, work: () => Promise<Result>): Promise<Result> {
  return actors.run({ ...(actors.getStore() ?? SYSTEM), batchId }, work);
}

/** Runs `work` with its changes recorded as a restore of entry `entryId` (their entries name it: `restoredFrom`). */
export function restoringFrom<Result>(entryId: number, work: () => Promise<Result>): Promise<Result> {
  return actors.run({ ...(actors.getStore() ?? SYSTEM), restoredFrom: entryId }, work);
}

/**
 * The current request's changes need `scope` too (and the scopes it includes): the rights a
 * handler relied on after the route's own (an admin's, or those of a key it mints).
 */
export function needAtChange(scope: Scope): void {
  for (const included of scopesFor(scope)) actors.getStore()?.needs.add(included);
}

/**
 * The parameters of `act_as` (drizzle/0018): the actor setting, and the key and the scopes
 * it must still hold, checked in the change's own transaction (none for the system).
 */
export function actorParameters(): { actor: string; keyId: number | null; needed: string } {
  const actor = actors.getStore();
  return { actor: actorSetting(), keyId: actor?.keyId ?? null, needed: `{${[...(actor?.needs ?? [])].join(',')}}` };
}

// The setting's fields are joined by the unit separator (U+001F), which none of them can
// hold (a label is an email or a key's name: no control characters), and the triggers read
// them with split_part (drizzle/0017): cheaper for every change than parsing JSON.
const FIELD_SEPARATOR = '\x1f';

/**
 * The `petstore.actor` setting for the current actor: "keyId␟userId␟requestId␟label", then
 * "␟batchId␟restoredFrom" when either is set (drizzle/0026; the triggers read a missing
 * field as NULL, so the four fields of an earlier release still do); '' for none: the system.
 */
function actorSetting(): string {
  const actor = actors.getStore();
  if (!actor) return '';
  const fields = [actor.keyId ?? '', actor.userId ?? '', actor.requestId, actor.label];
  if (actor.batchId !== undefined || actor.restoredFrom !== undefined) fields.push(actor.batchId ?? '', actor.restoredFrom ?? '');
  return fields.join(FIELD_SEPARATOR);
}

// Prepared: the driver sends a statement with parameters that is not prepared
// in two round trips (describe, then execute), and every change pays this one.
const actAsStatement = (transaction: Executor) =>
  preparedStatement(transaction, 'act_as', () =>
    transaction
      .select({ acted: sql`act_as(${sql.placeholder('actor')}, ${sql.placeholder('keyId')}::bigint, ${sql.placeholder('needed')}::text[])` })
      .from(sql`(select) as nothing`)
      .prepare('act_as'),
  );

/**
 * Names the current actor to the activity triggers, for the rest of `transaction`, and
 * refuses the change when the acting key no longer holds what it needs (lib/db/errors.ts).
 */
async function stampActor(transaction: Executor): Promise<void> {
  if (actors.getStore()) await actAsStatement(transaction).execute(actorParameters());
}

/**
 * Runs a change in a transaction whose activity entries name the current actor
 * (inside a caller's transaction, a savepoint of it).
 */
export function recorded<Result>(database: Executor, change: (transaction: Executor) => Promise<Result>): Promise<Result> {
  return database.transaction(async (transaction) => {
    await stampActor(transaction);
    return change(transaction);
  });
}

/**
 * A sign-in, successful or not: who (the user, or the email as typed). Written by the
 * database's record_sign_in() (drizzle/0019): the app's role may not insert entries itself.
 */
export async function recordSignIn(database: Executor, attempt: { email: string; userId?: number; isSuccess: boolean }): Promise<void> {
  await database
    .select({ done: sql`record_sign_in(${attempt.email}::text, ${attempt.userId ?? null}::bigint, ${attempt.isSuccess}::boolean)` })
    .from(sql`(select) as nothing`);
}

/** Session events that change no row the triggers watch (drizzle/0024). */
export type SessionEvent = 'sign-out' | 'sign-out-everywhere' | 'sign-in-throttled';

/**
 * A session event: whose session (the user, or for a throttled sign-in only the email as
 * typed), with the acting key and the request when there are any (by default the current
 * actor's). Written by the database's record_session_event() (drizzle/0024).
 */
export async function recordSessionEvent(database: Executor, event: { action: SessionEvent; email: string; userId?: number; keyId?: number }): Promise<void> {
  const actor = actors.getStore();
  const keyId = event.keyId ?? actor?.keyId ?? null;
  await database
    .select({
      done: sql`record_session_event(${event.action}::text, ${event.email}::text, ${event.userId ?? null}::bigint, ${keyId}::bigint, ${actor?.requestId ?? null}::text)`,
    })
    .from(sql`(select) as nothing`);
}

export type ActivityEntry = typeof activity.$inferSelect;

export type ActivityFilters = {
  resource?: string;
  resourceId?: string;
  actorUserId?: number;
  actorKeyId?: number;
  person?: string;
  since?: Date;
  until?: Date;
  batchId?: string;
};

/**
 * Entries by or about the people whose email contains `person`: made by them (the actor's
 * label is the email of a user's key), or to their account and sessions, a deleted account's
 * included (its entries hold the email).
 */
function aboutPerson(person: string): SQL {
  const pattern = containing(person);
  const theirIds = sql`(select ${users.id} from ${users} where ${users.email} ilike ${pattern})`;
  return or(
    ilike(activity.actorLabel, pattern),
    sql`${activity.actorUserId} in ${theirIds}`,
    and(inArray(activity.resource, ['user', 'session']), sql`${activity.resourceId} in (select id::text from ${theirIds} as theirs)`),
    and(eq(activity.resource, 'user'), or(sql`${activity.before} ->> 'email' ilike ${pattern}`, sql`${activity.after} ->> 'email' ilike ${pattern}`)),
  )!;
}

/** Newest first, keyset-paged on id. */
export async function listActivity(database: Database, filters: ActivityFilters & { limit: number; beforeId?: number }): Promise<Page<ActivityEntry>> {
  const where: (SQL | undefined)[] = [
    filters.resource === undefined ? undefined : eq(activity.resource, filters.resource),
    filters.resourceId === undefined ? undefined : eq(activity.resourceId, filters.resourceId),
    filters.actorUserId === undefined ? undefined : eq(activity.actorUserId, filters.actorUserId),
    filters.actorKeyId === undefined ? undefined : eq(activity.actorKeyId, filters.actorKeyId),
    filters.person === undefined ? undefined : aboutPerson(filters.person),
    filters.since === undefined ? undefined : gte(activity.at, filters.since),
    filters.until === undefined ? undefined : lte(activity.at, filters.until),
    filters.batchId === undefined ? undefined : eq(activity.batchId, filters.batchId),
    filters.beforeId === undefined ? undefined : lt(activity.id, filters.beforeId),
  ];
  const rows = await database
    .select()
    .from(activity)
    .where(and(...where))
    .orderBy(desc(activity.id))
    .limit(filters.limit + 1);
  return toPage(rows, filters.limit);
}

const PRUNE_BATCH = 1_000;

/**
 * Deletes entries older than `retentionDays` by the database's clock, through the database's
 * prune_activity() (drizzle/0019: the only way entries leave), a small batch per call so that
 * no lock is held for long (writers append new rows and never wait for these). Returns how many.
 */
export async function pruneActivity(database: Database, retentionDays: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    const [batch] = await database
      .select({ deleted: sql<number>`prune_activity(${retentionDays}::integer, ${PRUNE_BATCH}::integer)` })
      .from(sql`(select) as nothing`);
    const deleted = Number(batch?.deleted ?? 0);
    pruned += deleted;
    if (deleted < PRUNE_BATCH) return pruned;
  }
}
