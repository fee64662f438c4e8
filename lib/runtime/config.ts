// The service's configuration: read once from the environment through one zod
// schema; a bad value stops start-up with a message naming the variable.
import { z } from 'zod';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '../contract/limits.mjs';
import { MIN_PASSWORD_LENGTH } from '../contract/users';
import { ROLES, type Role } from '../contract/roles';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const ConfigSchema = z
  .object({
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    // `transaction`: DATABASE_URL is a pooler in transaction mode (PgBouncer), so nothing may
    // rely on session state through it; LISTEN and migrations use DATABASE_DIRECT_URL.
    DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
    DATABASE_DIRECT_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    PGLITE_DIR: z.string().min(1).default('./.data/pglite'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    PETSTORE_BOOTSTRAP_API_KEY: optionalText.pipe(
      z
        .string()
        .min(24, 'must be at least 24 characters')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .optional(),
    ),
    PETSTORE_PRODUCTION_URL: optionalText.pipe(z.url().optional()),
    PETSTORE_STAGING_URL: optionalText.pipe(z.url().optional()),
    PETSTORE_SEED: z.enum(['auto', 'always', 'never']).default('auto'),
    // On SIGTERM, how long /readyz answers 503 while the rest is served as usual (load balancers poll it).
    PETSTORE_DRAIN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    // How long the drain waits for requests in flight before closing their connections.
    PETSTORE_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
    // Testing only: freeze the service's clock at this instant (ISO 8601).
    PETSTORE_CLOCK: optionalText.pipe(z.iso.datetime({ offset: true }).optional()),
    // Per-API-key token bucket: tokens added per second (0 turns rate limiting off)
    // and the bucket's size (the burst a key may send at once).
    RATE_LIMIT_RATE: z.coerce.number().min(0).default(5000),
    RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(10_000),
    // Set: the buckets live in Redis, shared by every instance; unset: in memory.
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    // Prefix of every Redis key the service writes (several deployments may share one Redis).
    REDIS_KEY_PREFIX: z.string().default('petstore:'),
    // How long a stored Idempotency-Key answer is replayed.
    IDEMPOTENCY_TTL_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_IDEMPOTENCY_TTL_SECONDS),
    // The in-process cache of validated API keys (lib/domain/api-key-cache.ts); off: every request asks the database.
    PETSTORE_API_KEY_CACHE: z.enum(['on', 'off']).default('on'),
    // The change feed (lib/domain/change-feed.ts): open streams per API key and per process (over
    // either: 429 / 503), and the events one stream may have waiting for a slow reader
    // before they are dropped for a `resync` (docs/RELIABILITY.md, "The change feed under load").
    PETSTORE_CHANGE_STREAMS_PER_KEY: z.coerce.number().int().min(1).default(20),
    PETSTORE_CHANGE_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
    PETSTORE_LIVE_KEYS_PER_USER: z.coerce.number().int().min(1).default(25),
    PETSTORE_CHANGE_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).default(1_000),
    PETSTORE_CHANGE_STREAM_QUEUE: z.coerce.number().int().min(1).default(1_000),
    // Searches (lib/db/search-deadline.ts): how long one may run before it is stopped and
    // answered 503 with its own message (under the 3 s deadline of every query, so that the
    // database's own statement_timeout says "too slow", not "unreachable"), and how many one
    // API key may have running on one instance (one more is 429).
    PETSTORE_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(2_500).default(2_000),
    PETSTORE_SEARCHES_PER_KEY: z.coerce.number().int().min(1).default(4),
    // Where photo bytes live (lib/domain/photo-store.ts): unset, in the database; s3://bucket[/prefix],
    // in that S3-compatible store (endpoint, region and credentials from the AWS_* variables).
    PHOTO_STORE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w!.*'()/-]*)?$/, 'must be s3://bucket or s3://bucket/prefix')
        .optional(),
    ),
    // How long a photo's signed URL works (lib/http/photo-urls.ts).
    PHOTO_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .default(3600),
    // Photo uploads in flight per instance (each holds its body and images), how many more
    // may wait unread before one more is answered 503, and of those in flight, how many are
    // decoded and encoded at once (libvips' threads): lib/http/photo-slots.ts.
    PHOTO_UPLOAD_SLOTS: z.coerce.number().int().min(1).max(64).default(3),
    PHOTO_UPLOAD_QUEUE: z.coerce.number().int().min(0).max(1000).default(50),
    PHOTO_PROCESSING_SLOTS: z.coerce.number().int().min(1).max(64).default(1),
    // Photo files read from the store and sent at once per instance; one more waits, and past
    // as many again waiting it is answered 503.
    PHOTO_SERVING_SLOTS: z.coerce.number().int().min(1).max(1000).default(16),
    // How long the activity log keeps an entry (lib/domain/activity.ts prunes older ones in small batches).
    PETSTORE_ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
    // Bearer token that GET /metrics requires; unset: no /metrics (404) and nothing is recorded.
    PETSTORE_METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The first dashboard user, created at start-up if no user has that email.
    ADMIN_EMAIL: optionalText.pipe(
      z
        .string()
        .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
        .optional(),
    ),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`).optional()),
    // Signs the dashboard's session cookies; generated into .data/ when unset (see lib/auth/secret.ts).
    NEXTAUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    NEXTAUTH_URL: optionalText.pipe(z.url().optional()),
    // Single sign-on over OpenID Connect (docs/SSO.md): the three below turn it on.
    OIDC_ISSUER: optionalText.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    // The provider's name on the sign-in button: "Sign in with <OIDC_NAME>".
    OIDC_NAME: z.string().min(1).default('single sign-on'),
    OIDC_SCOPES: z.string().min(1).default('openid email profile'),
    // The ID token's claim that lists the person's groups, and which group gives which role.
    OIDC_ROLES_CLAIM: z.string().min(1).default('groups'),
    OIDC_ROLE_MAP: optionalText.pipe(z.string().transform(parseRoleMap).optional()),
    // The role of someone in no mapped group; unset: they are refused.
    OIDC_DEFAULT_ROLE: optionalText.pipe(z.enum(ROLES).optional()),
    // off: only the provider signs people in (and break-glass admins made with the CLI).
    PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  })
  .refine((settings) => [settings.OIDC_ISSUER, settings.OIDC_CLIENT_ID, settings.OIDC_CLIENT_SECRET].filter(Boolean).length % 3 === 0, {
    path: ['OIDC_ISSUER'],
    error: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
  })
  .refine((settings) => settings.PASSWORD_SIGN_IN === 'on' || settings.OIDC_ISSUER, {
    path: ['PASSWORD_SIGN_IN'],
    error: 'PASSWORD_SIGN_IN=off needs single sign-on (OIDC_ISSUER), or nobody could sign in',
  })
  .refine((settings) => Boolean(settings.ADMIN_EMAIL) === Boolean(settings.ADMIN_PASSWORD), {
    path: ['ADMIN_PASSWORD'],
    error: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  })
  .refine((settings) => settings.DATABASE_POOLER === 'none' || settings.DATABASE_URL, {
    path: ['DATABASE_POOLER'],
    error: "DATABASE_POOLER needs DATABASE_URL (the pooler's address)",
  });

/** `group=role,group=role`: which of the provider's groups gives which role. */
function parseRoleMap(text: string, context: z.RefinementCtx): [string, Role][] {
  const pairs: [string, Role][] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const group = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim() as Role;
    if (at <= 0 || !ROLES.includes(role)) {
      context.addIssue({ code: 'custom', message: `"${entry}" is not group=role with a role of ${ROLES.join(', ')}` });
      return z.NEVER;
    }
    pairs.push([group, role]);
  }
  return pairs;
}

/** The connection for what needs a session (LISTEN, migrations' advisory lock): past the pooler. */
export function directDatabaseUrl(settings: Config = config()): string | undefined {
  return settings.DATABASE_DIRECT_URL ?? settings.DATABASE_URL;
}

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(environment);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
