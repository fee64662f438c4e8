// The database schema (drizzle): pets, their counts, tags and photos, categories, orders,
// API keys, dashboard users and stored Idempotency-Key answers. Migrations in
// drizzle/ are generated from this file by `npm run db:generate`.
import { sql } from 'drizzle-orm';
import { API_KEY_MAKERS, type ApiKeyScope } from '../contract/api-keys';
import { ROLES } from '../contract/roles';
import { ORDER_STATUSES } from '../contract/orders';
import { PET_STATUSES } from '../contract/pets';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const petStatus = pgEnum('pet_status', PET_STATUSES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const userRole = pgEnum('user_role', ROLES);
export const apiKeyMaker = pgEnum('api_key_maker', API_KEY_MAKERS);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const pets = pgTable(
  'pets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    // NULL when the client gave no status (the contract names no default).
    status: petStatus('status'),
    createdAt: createdAt(),
    // Set by a trigger whenever the row changes, by any path (drizzle/0012); for the dashboard only.
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The pet's tags, each as `tags.name` spells it, sorted by key (lib/domain/tags.ts): on the row,
    // so that a change of them is an update of the pet (its activity entry, its change event).
    // pet_tags indexes them, kept by a trigger (drizzle/0021).
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    check('pets_tags_at_most_20', sql`cardinality(${table.tags}) <= 20`),
    index('pets_status_id_idx').on(table.status, table.id),
    // The list's other orders and filters (lib/domain/pets.ts): by name, by category
    // (status last, so that counting a category's pets by status reads the index only).
    index('pets_name_id_idx').on(table.name, table.id),
    index('pets_category_id_id_status_idx').on(table.categoryId, table.id, table.status),
    // Case-insensitive substring search (name ILIKE '%…%'): pg_trgm (drizzle/0005).
    index('pets_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

// How many pets have each status ('none' for NULL), kept by statement-level
// triggers on pets (drizzle/0007), so unfiltered counts read a few rows at any
// size. Each status has several rows (shards), one picked at random per
// statement, so concurrent writers rarely wait for one another's row lock.
export const petCounts = pgTable(
  'pet_counts',
  {
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.shard] })],
);

// A pet's photos (docs/API.md, "Photos (experimental)"). No foreign key to pets: when a pet is deleted a
// trigger marks its photos detached (unreachable at once), and they are kept 30 days for a
// restore, then swept with their bytes (lib/domain/photos.ts). The bytes live in the store
// `store` names, under `storage_key` (lib/domain/photo-store.ts); the row is written only
// once they are stored.
export const petPhotos = pgTable(
  'pet_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    petId: bigint('pet_id', { mode: 'number' }).notNull(),
    // The order of the pet's photos (ties by id); a Photo's position is its rank, 0 the cover.
    sortKey: integer('sort_key').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    // Which store holds its files (lib/domain/photo-store.ts): 'database' or 's3'.
    store: text('store').notNull().default('database'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    detachedAt: timestamp('detached_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('pet_photos_pet_id_sort_key_idx')
      .on(table.petId, table.sortKey, table.id)
      .where(sql`${table.detachedAt} is null`),
    index('pet_photos_detached_at_idx')
      .on(table.detachedAt)
      .where(sql`${table.detachedAt} is not null`),
    check('pet_photos_store_known', sql`${table.store} in ('database', 's3')`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// Photo bytes when they live in the database (the default): each size of a photo in parts
// (lib/domain/photo-store.ts, PART_BYTES), in order of `part`.
export const photoBlobs = pgTable(
  'photo_blobs',
  {
    storageKey: text('storage_key').notNull(),
    variant: text('variant').notNull(),
    part: integer('part').notNull().default(0),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.storageKey, table.variant, table.part] }), index('photo_blobs_created_at_idx').on(table.createdAt)],
);

// Keys the service signs with, each made at random the first time it is needed and kept
// here, so every instance over this database signs and checks alike with nothing to
// configure (lib/domain/signing-keys.ts): `photo-urls` signs photos' URLs.
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: createdAt(),
});

// Every tag ever written (experimental), as first written: `key` is what tags are compared
// by (lib/contract/tags.ts, tagKey). A tag no pet has any more stays, unlisted, so that its
// spelling holds; removing it would race with a pet taking it at the same moment.
export const tags = pgTable('tags', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull().unique(),
  key: text('key').notNull().unique(),
});

// Which pet has which tag: the index of pets.tags, kept from it by a trigger (drizzle/0021),
// never written by the app. By tag then pet, for the list's tag filter in id order and the
// pet counts of the tag list; by pet then tag (the key), for a pet's tags.
export const petTags = pgTable(
  'pet_tags',
  {
    petId: bigint('pet_id', { mode: 'number' })
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id),
  },
  (table) => [primaryKey({ columns: [table.petId, table.tagId] }), index('pet_tags_tag_id_pet_id_idx').on(table.tagId, table.petId)],
);

// Categories of pets (experimental). A pet's categoryId need not name one.
export const categories = pgTable(
  'categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${table.name})`)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    petId: bigint('pet_id', { mode: 'number' })
      .notNull()
      .references(() => pets.id),
    quantity: integer('quantity').notNull().default(1),
    status: orderStatus('status').notNull().default('placed'),
    shipDate: timestamp('ship_date', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('orders_status_id_idx').on(table.status, table.id),
    index('orders_pet_id_id_idx').on(table.petId, table.id),
    // The list by date placed (sort=createdAt, -createdAt), ties broken by id.
    index('orders_created_at_id_idx').on(table.createdAt, table.id),
    check('orders_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  // argon2id, PHC string format; null for someone who signs in only through single sign-on.
  passwordHash: text('password_hash'),
  // What the user may do (docs/ROLES.md); a session's key carries the role's scopes.
  role: userRole('role').notNull().default('viewer'),
  // A disabled user cannot sign in, and their keys were revoked when it happened.
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  // Set when an admin resets the password or sets the first one: it must be replaced at sign-in.
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  // A password admin made with the CLI who may sign in with a password when PASSWORD_SIGN_IN=off.
  breakGlass: boolean('break_glass').notNull().default(false),
  // The last successful sign-in (password or single sign-on); null until the first. Not in the activity log, which has the sign-in itself.
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

// Emails of deleted users: single sign-on does not bring them back; adding the user again does.
export const removedUsers = pgTable('removed_users', {
  email: text('email').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// Failed dashboard sign-ins per account, keyed by the normalised email whether
// or not such a user exists (lib/domain/sign-in-throttle.ts); a success deletes the row.
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  // Old rows are deleted by age on every attempt.
  (table) => [index('sign_in_failures_last_attempt_at_idx').on(table.lastAttemptAt)],
);

export const apiKeys = pgTable('api_keys', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  // The user the key belongs to: their dashboard session's key, or one they made. NULL
  // for keys made by the CLI or with the bootstrap key, and once the user is deleted.
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  // True for the short-lived key of a dashboard sign-in (never listed).
  isSession: boolean('is_session').notNull().default(false),
  // Who made it: a user, the CLI, the bootstrap key; 'config' is the bootstrap key itself.
  madeBy: apiKeyMaker('made_by').notNull().default('cli'),
  // Why it was revoked (lib/domain/api-keys.ts, RevokeReason): what an ended session is told.
  revokedReason: text('revoked_reason'),
  // The first characters of the key, kept so people can recognise it in lists.
  prefix: text('prefix').notNull(),
  // SHA-256 of the whole key, hex; the key itself is never stored.
  hash: text('hash').notNull().unique(),
  scopes: text('scopes').array().notNull().$type<ApiKeyScope[]>(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});

// One row per (API key, Idempotency-Key): claimed while the first request runs
// (response_status NULL), then holding its answer for replays until expires_at.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: bigint('api_key_id', { mode: 'number' })
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // SHA-256 (hex) of the canonical request: method, path and query, body bytes.
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.key] }), index('idempotency_keys_expires_at_idx').on(table.expiresAt)],
);

// For B-tree indexes whose keys are never equal (drizzle/0016).
const UNIQUE_KEYS = { deduplicate_items: false };

// The activity log (docs/ROLES.md, "The activity log"): one row per change, written by
// triggers on pets, categories, orders, users and api_keys in the transaction of
// the change (drizzle/0011), and by the sign-in for sign-ins. Append-only: a
// trigger refuses UPDATE, and DELETE except by the retention pruning.
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Who: a user (through their session or a key of theirs), else a key; NULL for the
    // system (start-up, the CLI's direct changes).
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    actorKeyId: bigint('actor_key_id', { mode: 'number' }),
    // The user's email or the key's name, as it was then.
    actorLabel: text('actor_label'),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    action: text('action').notNull(),
    // Changed fields only; never passwords, key material or hashes.
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    // The batch the change belongs to: a bulk change, a bulk delete, an import or an undo
    // (lib/domain/activity.ts, inBatch); NULL for a change on its own.
    batchId: uuid('batch_id'),
    // A restore (lib/domain/restore.ts): the entry whose state the pet was set back to.
    restoredFrom: bigint('restored_from', { mode: 'number' }),
  },
  (table) => [
    // Reading one batch (its undo): only entries of a batch are in it.
    index('activity_batch_idx')
      .on(table.batchId, table.id)
      .where(sql`${table.batchId} is not null`)
      .with(UNIQUE_KEYS),
    // Each index is paid on every write (docs/PERFORMANCE.md, "The activity log's cost"):
    // the actor indexes hold only entries that have that actor, and `at`, which only
    // grows, needs no more than a BRIN index (block ranges) for the time filter and pruning.
    // Every B-tree key ends with the entry's id, so no two are equal and deduplication,
    // which PostgreSQL tries on a full page before splitting it, never frees a byte.
    index('activity_resource_idx').on(table.resource, table.resourceId, table.id).with(UNIQUE_KEYS),
    index('activity_actor_user_idx')
      .on(table.actorUserId, table.id)
      .where(sql`${table.actorUserId} is not null`)
      .with(UNIQUE_KEYS),
    index('activity_actor_key_idx')
      .on(table.actorKeyId, table.id)
      .where(sql`${table.actorKeyId} is not null`)
      .with(UNIQUE_KEYS),
    index('activity_at_idx').using('brin', table.at),
  ],
);

// CSV imports of pets (docs/API.md, "Imports"): a job that any instance may run or resume
// (lib/domain/imports.ts). The file is kept in parts (import_file_parts) so no write holds
// the event loop; `processed` and the counts move in the same transaction as each batch of
// rows, so a resumed job starts after the last committed batch.
export const imports = pgTable(
  'imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // queued, running, done, failed, cancelled
    state: text('state').notNull().default('queued'),
    dryRun: boolean('dry_run').notNull(),
    createCategories: boolean('create_categories').notNull(),
    // The file's header as written, and the delimiter found on it.
    columns: text('columns').array().notNull(),
    delimiter: text('delimiter').notNull(),
    rows: integer('rows').notNull(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    ignoredColumns: text('ignored_columns').array().notNull(),
    // Who posted it: every batch acts as them, with their key's rights at that moment.
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }),
    createdByKeyId: bigint('created_by_key_id', { mode: 'number' }),
    createdByLabel: text('created_by_label').notNull(),
    requestId: text('request_id').notNull(),
    // The batch every activity entry of the import carries (lib/domain/activity.ts, inBatch):
    // undone together by POST /v1/activity/batches/{batchId}/restore; the import is found by it.
    batchId: uuid('batch_id').notNull().unique(),
    // Why it failed, in words (failed only).
    reason: text('reason'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('imports_state', sql`${table.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`)],
);

export const importFileParts = pgTable(
  'import_file_parts',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.part] })],
);

// The rows of an import that failed: their row number in the file (the header is row 1),
// their values as written and the reason, for GET /v1/pets/imports/{id}/errors.
export const importFailures = pgTable(
  'import_failures',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    values: text('values').array().notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.row] })],
);
