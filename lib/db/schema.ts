// The database schema (drizzle): pets, their counts, categories, orders, API
// keys, dashboard users and stored Idempotency-Key answers. Migrations in
// drizzle/ are generated from this file by `npm run db:generate`.
import { sql } from 'drizzle-orm';
import type { ApiKeyScope } from '../contract/api-keys';
import { ORDER_STATUSES } from '../contract/orders';
import { PET_STATUSES } from '../contract/pets';
import { bigint, bigserial, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const petStatus = pgEnum('pet_status', PET_STATUSES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

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
  },
  (table) => [
    index('pets_status_id_idx').on(table.status, table.id),
    // The list's other orders and filters (lib/pets.ts): by name, by category
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
    check('orders_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  // argon2id, PHC string format.
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

// Failed dashboard sign-ins per account, keyed by the normalised email whether
// or not such a user exists (lib/sign-in-throttle.ts); a success deletes the row.
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
  // Set for the short-lived keys of dashboard sessions; NULL for keys made by hand.
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
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
