// Per-API-key rate limits: a token bucket holding RATE_LIMIT_BURST tokens,
// refilled at RATE_LIMIT_RATE per second, one token per request. The buckets
// live in this process's memory, or in Redis when REDIS_URL is set (one atomic
// Lua script, Redis's own clock), so that every instance draws from the same
// bucket. If Redis cannot answer within REDIS_BUDGET_MS, requests pass (fail
// open) and a warning is logged: an outage of the limiter must not become an
// outage of the API. A breaker then stops asking for BREAKER_OPEN_MS, after
// which one request probes (half-open). A request that passed uncounted is never
// charged later: each take carries a deadline on Redis's clock, and a script
// that runs past it (Redis was stalled and resumed) takes nothing.
// Headers: draft-ietf-httpapi-ratelimit-headers-10 (RateLimit-Policy, RateLimit).
import type { Redis } from 'ioredis';
import { config } from '../runtime/config';
import { log } from '../runtime/log';
import { recordRateLimited } from '../metrics';
import { processState } from '../process-state';
import { withinBudget } from '../within-budget';
import type { Caller } from './auth';
import { ApiError } from './errors';

type Bucket = { tokens: number; updatedMs: number };
type Limits = { rate: number; burst: number };

/**
 * Takes one token from the caller's bucket: the RateLimit headers for the
 * response, or a 429 `rate_limited` (with them and Retry-After) when it is empty.
 */
export async function enforceRateLimit(caller: Caller): Promise<Record<string, string>> {
  const limits = { rate: config().RATE_LIMIT_RATE, burst: config().RATE_LIMIT_BURST };
  if (limits.rate === 0) return {};
  const taken = config().REDIS_URL ? await takeFromRedis(caller.keyId, limits) : takeFromMemory(caller.keyId, limits);
  if (taken === null) return {};
  const headers = {
    'ratelimit-policy': `"default";q=${limits.burst};w=${Math.max(1, Math.ceil(limits.burst / limits.rate))}`,
    // t: seconds until the bucket is full again (r back at q).
    ratelimit: `"default";r=${Math.floor(taken.tokens)};t=${Math.ceil((limits.burst - taken.tokens) / limits.rate)}`,
  };
  if (taken.allowed) return headers;
  recordRateLimited();
  const retryAfter = Math.max(1, Math.ceil((1 - taken.tokens) / limits.rate));
  throw new ApiError('rate_limited', `Too many requests for this API key; retry after ${retryAfter} s.`, {
    headers: { ...headers, 'retry-after': String(retryAfter) },
  });
}

// One set of buckets (and one Redis client) per process, whichever bundle asks.
const buckets = processState('rateLimitBuckets', () => new Map<number, Bucket>());

function takeFromMemory(keyId: number, { rate, burst }: Limits): { allowed: boolean; tokens: number } {
  const nowMs = performance.now();
  const bucket = buckets.get(keyId) ?? { tokens: burst, updatedMs: nowMs };
  bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * rate);
  bucket.updatedMs = nowMs;
  const allowed = bucket.tokens >= 1;
  if (allowed) bucket.tokens -= 1;
  buckets.set(keyId, bucket);
  if (buckets.size > 10_000) forgetFullBuckets(nowMs, { rate, burst });
  return { allowed, tokens: bucket.tokens };
}

// A bucket that has refilled completely is the same as no bucket.
function forgetFullBuckets(nowMs: number, { rate, burst }: Limits): void {
  for (const [keyId, bucket] of buckets) {
    if (bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * rate >= burst) buckets.delete(keyId);
  }
}

// KEYS[1]: the bucket; ARGV: rate per second, burst, and the deadline (ms on
// Redis's clock) past which the caller has given up. Returns {allowed, tokens}
// (tokens as a string: Redis truncates Lua numbers to integers); allowed is -1,
// and nothing taken, past the deadline.
const TAKE_TOKEN = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if nowMs > tonumber(ARGV[3]) then
  return {-1, '0'}
end
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
local tokens = tonumber(state[1]) or burst
local updated = tonumber(state[2]) or nowMs
tokens = math.min(burst, tokens + math.max(0, nowMs - updated) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(nowMs))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

// How long a request waits for Redis before it passes uncounted.
const REDIS_BUDGET_MS = 40;
// The script's deadline is a little short of the budget, so that an answer that does count arrives in time.
const SCRIPT_DEADLINE_MS = 30;
// How long the breaker, once open, stops asking Redis.
const BREAKER_OPEN_MS = 3_000;
// Before Redis was ever ready (a process's first requests), they may wait this long for it.
const FIRST_CONNECTION_MS = 1_000;

type RedisLimiter = {
  client: Redis;
  /** Resolves once Redis is first ready and its clock is known, or after FIRST_CONNECTION_MS. */
  ready: Promise<void>;
  /** Redis's clock minus this process's (Date.now()), measured at each (re)connection; undefined until then. */
  clockOffsetMs?: number;
};
type Breaker = { state: 'closed' | 'open' | 'probing'; openedAt: number };
const shared = processState('rateLimitRedis', (): { limiter?: Promise<RedisLimiter>; lastWarning: number; breaker: Breaker } => ({
  lastWarning: 0,
  breaker: { state: 'closed', openedAt: 0 },
}));
const WARN_EVERY_MS = 10_000;

/** Whether this request may ask Redis: not while the breaker is open; once it has been open long enough, one request probes. */
function mayAskRedis(): boolean {
  const { breaker } = shared;
  if (breaker.state === 'closed') return true;
  if (breaker.state === 'open' && performance.now() - breaker.openedAt >= BREAKER_OPEN_MS) {
    breaker.state = 'probing';
    return true;
  }
  return false;
}

function recordRedisAnswer(isAnswered: boolean, error?: unknown): void {
  const { breaker } = shared;
  if (isAnswered) {
    if (breaker.state !== 'closed') log.info('rate limiter: Redis answers again; requests are counted');
    breaker.state = 'closed';
    return;
  }
  breaker.state = 'open';
  breaker.openedAt = performance.now();
  warnOccasionally(error);
}

async function takeFromRedis(keyId: number, { rate, burst }: Limits): Promise<{ allowed: boolean; tokens: number } | null> {
  if (!mayAskRedis()) return null;
  try {
    const limiter = await (shared.limiter ??= connectRedis(config().REDIS_URL!));
    await limiter.ready;
    if (limiter.clockOffsetMs === undefined) throw new Error('Redis is not connected');
    const deadline = Date.now() + limiter.clockOffsetMs + SCRIPT_DEADLINE_MS;
    const answer = limiter.client.eval(TAKE_TOKEN, 1, `${config().REDIS_KEY_PREFIX}ratelimit:${keyId}`, rate, burst, deadline) as Promise<[number, string]>;
    const [allowed, tokens] = await withinBudget(answer, REDIS_BUDGET_MS, () => new Error(`Redis did not answer within ${REDIS_BUDGET_MS} ms`));
    if (allowed === -1) throw new Error('Redis answered past the deadline');
    recordRedisAnswer(true);
    return { allowed: allowed === 1, tokens: Number(tokens) };
  } catch (error) {
    recordRedisAnswer(false, error);
    return null;
  }
}

/**
 * Opens the limiter's Redis connection at start-up (with REDIS_URL set), so that a fresh
 * instance's first requests find it ready rather than wait for it, or pass uncounted
 * when it takes longer than FIRST_CONNECTION_MS on a busy machine.
 */
export function connectRateLimiter(): void {
  const { REDIS_URL, RATE_LIMIT_RATE } = config();
  if (REDIS_URL && RATE_LIMIT_RATE > 0) shared.limiter ??= connectRedis(REDIS_URL);
}

async function connectRedis(url: string): Promise<RedisLimiter> {
  const { Redis } = await import('ioredis');
  // No offline queue: while Redis is away, a request learns it at once and
  // passes, instead of waiting for a reconnect. (The budget above bounds a
  // stalled Redis; this timeout only ends commands nobody waits for any more.)
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  const limiter: RedisLimiter = { client, ready: Promise.resolve() };
  client.on('error', warnOccasionally);
  client.on('close', () => (limiter.clockOffsetMs = undefined));
  // The deadlines are on Redis's clock: measured on each connection (to within half a round trip).
  const measureClock = async () => {
    const sentAt = Date.now();
    const [seconds, microseconds] = await client.time();
    const receivedAt = Date.now();
    limiter.clockOffsetMs = Number(seconds) * 1000 + Number(microseconds) / 1000 - (sentAt + receivedAt) / 2;
  };
  limiter.ready = new Promise<void>((resolve) => {
    client.on('ready', () => void measureClock().then(resolve, warnOccasionally));
    setTimeout(resolve, FIRST_CONNECTION_MS).unref();
  });
  return limiter;
}

function warnOccasionally(error: unknown): void {
  if (Date.now() - shared.lastWarning < WARN_EVERY_MS) return;
  shared.lastWarning = Date.now();
  log.warn({ err: error }, 'rate limiter: Redis unavailable, requests pass unlimited');
}
