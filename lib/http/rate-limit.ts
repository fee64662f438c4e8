// Per-API-key rate limits: a token bucket holding RATE_LIMIT_BURST tokens,
// refilled at RATE_LIMIT_RATE per second, one token per request. The buckets
// live in this process's memory, or in Redis when REDIS_URL is set (one atomic
// Lua script, Redis's own clock), so that every instance draws from the same
// bucket. If Redis cannot answer, requests pass (fail open) and a warning is
// logged: an outage of the limiter must not become an outage of the API.
// Headers: draft-ietf-httpapi-ratelimit-headers-10 (RateLimit-Policy, RateLimit).
import type { Redis } from 'ioredis';
import { config } from '../runtime/config';
import { log } from '../runtime/log';
import { recordRateLimited } from '../metrics';
import { processState } from '../process-state';
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

// KEYS[1]: the bucket; ARGV: rate per second, burst. Returns {allowed, tokens}
// (tokens as a string: Redis truncates Lua numbers to integers).
const TAKE_TOKEN = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
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

type RedisLimiter = { client: Redis; ready: Promise<void> };
const shared = processState('rateLimitRedis', (): { limiter?: Promise<RedisLimiter>; lastWarning: number } => ({ lastWarning: 0 }));
const WARN_EVERY_MS = 10_000;

async function takeFromRedis(keyId: number, { rate, burst }: Limits): Promise<{ allowed: boolean; tokens: number } | null> {
  try {
    const { client, ready } = await (shared.limiter ??= connectRedis(config().REDIS_URL!));
    await ready;
    const [allowed, tokens] = (await client.eval(
      TAKE_TOKEN,
      1,
      `${config().REDIS_KEY_PREFIX}ratelimit:${keyId}`,
      rate,
      burst,
    )) as [number, string];
    return { allowed: allowed === 1, tokens: Number(tokens) };
  } catch (error) {
    warnOccasionally(error);
    return null;
  }
}

async function connectRedis(url: string): Promise<RedisLimiter> {
  const { Redis } = await import('ioredis');
  // No offline queue and short timeouts: while Redis is away, a request
  // learns it at once and passes, instead of waiting for a reconnect.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', warnOccasionally);
  // The first requests wait (at most a second) for the first connection.
  const ready = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    setTimeout(resolve, 1000).unref();
  });
  return { client, ready };
}

function warnOccasionally(error: unknown): void {
  if (Date.now() - shared.lastWarning < WARN_EVERY_MS) return;
  shared.lastWarning = Date.now();
  log.warn({ err: error }, 'rate limiter: Redis unavailable, requests pass unlimited');
}
