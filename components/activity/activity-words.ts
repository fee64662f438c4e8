// How the activity log reads in the dashboard and its CSV export: the one table of the
// fields' names in words, the actions in words, and where each entry's record is.
import type { ActivityEntry } from '@/lib/contract/activity';

/** The columns the log's entries name (drizzle/0011 and later), in words. */
const FIELD_LABELS: Record<string, string> = {
  break_glass: 'Break-glass sign-in',
  category_id: 'Category',
  complete: 'Complete',
  disabled_at: 'Disabled at',
  email: 'Email',
  expires_at: 'Expires at',
  is_session: 'Session key',
  made_by: 'Made by',
  must_change_password: 'Must change password',
  name: 'Name',
  pet_id: 'Pet',
  photo_order: 'Photo order',
  quantity: 'Quantity',
  revoked_at: 'Revoked at',
  revoked_reason: 'Revoked because',
  role: 'Role',
  scopes: 'Scopes',
  ship_date: 'Ship date',
  status: 'Status',
  tags: 'Tags',
  user_id: 'Owner',
};

/** A field's name in words; one a later migration adds and this table lacks reads "Some field". */
function fieldLabel(field: string): string {
  const words = field.replaceAll('_', ' ');
  return FIELD_LABELS[field] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

const ACTION_LABELS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  'sign-in': 'signed in',
  'sign-in-failed': 'sign-in failed',
  'sign-in-throttled': 'sign-in refused: too many failures',
  'sign-out': 'signed out',
  'sign-out-everywhere': 'signed out everywhere',
  'password-change': 'password changed',
  'password-reset': 'password reset',
  'photo-add': 'photo added',
  'photo-move': 'photos reordered',
  'photo-remove': 'photo removed',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replaceAll('-', ' ');
}

const RESOURCE_LABELS: Record<ActivityEntry['resource'], string> = {
  pet: 'Pet',
  category: 'Category',
  order: 'Order',
  user: 'User',
  api_key: 'API key',
  session: 'Session',
};

export function resourceLabel(resource: ActivityEntry['resource']): string {
  return RESOURCE_LABELS[resource];
}

/** Whether an entry is about an account (a user or their session). */
export const isAboutAccount = (entry: ActivityEntry) => entry.resource === 'user' || entry.resource === 'session';

/**
 * The email of the account an entry is about: the one it holds (a creation or deletion),
 * the account's as it is today (`emailOf`, from the users list), or its actor's for their own session.
 */
function accountEmail(entry: ActivityEntry, emailOf: (userId: number) => string | undefined): string | undefined {
  const email = entry.after?.email ?? entry.before?.email;
  if (typeof email === 'string') return email;
  const today = entry.resourceId ? emailOf(Number(entry.resourceId)) : undefined;
  return today ?? (entry.resource === 'session' ? entry.actor?.label : undefined);
}

/**
 * The dashboard page of the entry's record: a pet's or an order's own page (none once it
 * is deleted), the Categories and API keys pages, the Users page searching for the account.
 */
export function recordHref(entry: ActivityEntry, emailOf: (userId: number) => string | undefined): string | undefined {
  const isGone = entry.action === 'delete';
  switch (entry.resource) {
    case 'pet':
      return isGone || !entry.resourceId ? undefined : `/pets/${entry.resourceId}`;
    case 'order':
      return isGone || !entry.resourceId ? undefined : `/orders/${entry.resourceId}`;
    case 'category':
      return isGone ? undefined : '/categories';
    case 'api_key':
      return '/api-keys';
    case 'user':
    case 'session': {
      if (isGone) return undefined;
      const email = accountEmail(entry, emailOf);
      return email ? `/users?search=${encodeURIComponent(email)}` : '/users';
    }
  }
}

/** The actor in words: "system" for changes with none (start-up, the CLI, SQL by hand). */
export function who(entry: ActivityEntry): string {
  if (!entry.actor) return 'system';
  const label = entry.actor.label ?? (entry.actor.userId ? `user ${entry.actor.userId}` : 'unknown');
  return entry.actor.keyId && !entry.actor.userId ? `${label} (key ${entry.actor.keyId})` : label;
}

/** The fields an entry changed, named in words (its id is the record's, shown apart). */
export function changedFields(entry: ActivityEntry): { field: string; label: string }[] {
  return [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
    .filter((field) => field !== 'id')
    .map((field) => ({ field, label: fieldLabel(field) }));
}

export const showValue = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** An entry's changes on one line each, as the table shows them ("Name: Rex → Max"). */
export function changesInWords(entry: ActivityEntry): string {
  return changedFields(entry)
    .map(({ field, label }) => {
      const before = showValue(entry.before?.[field]);
      const after = showValue(entry.after?.[field]);
      if (entry.action === 'create') return `${label}: ${after}`;
      if (entry.action === 'delete') return `${label}: ${before}`;
      return `${label}: ${before} → ${after}`;
    })
    .join('\n');
}
