// The service's Prometheus metrics (prom-client), served by GET /metrics:
// requests and their latency by route pattern and status, the database pool's
// use, key-cache hits and misses, rate-limit refusals, idempotent replays and
// the default process metrics. Recorded only when PETSTORE_METRICS_TOKEN is
// set (nothing could read them otherwise). One registry per process, in the
// process's state (lib/process-state.ts): Next's bundle and the /v1 bundle both load this module.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { config } from './runtime/config';
import { poolUse } from './db/pool-use';
import { processState } from './process-state';

type Metrics = {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  keyCacheLookups: Counter<'result'>;
  rateLimited: Counter;
  idempotentReplays: Counter;
};

/** This process's metrics, or undefined when they are off (no PETSTORE_METRICS_TOKEN). */
export function metrics(): Metrics | undefined {
  return processState('metrics', () => (config().PETSTORE_METRICS_TOKEN ? createMetrics() : undefined));
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  new Gauge({
    name: 'petstore_db_pool_connections_in_use',
    help: 'PostgreSQL pool connections running a query or a transaction',
    registers,
    collect() {
      this.set(poolUse()?.inUse ?? 0);
    },
  });
  new Gauge({
    name: 'petstore_db_pool_waiting',
    help: 'Queries and transactions waiting for a free PostgreSQL pool connection',
    registers,
    collect() {
      this.set(poolUse()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'petstore_db_pool_size',
    help: 'PostgreSQL pool connections at most (DATABASE_POOL_SIZE)',
    registers,
    collect() {
      this.set(poolUse()?.size ?? 0);
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'petstore_http_requests_total',
      help: 'Requests answered under /v1, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'petstore_http_request_duration_seconds',
      help: 'Time to answer a /v1 request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    keyCacheLookups: new Counter({
      name: 'petstore_api_key_cache_lookups_total',
      help: 'API key cache lookups, by result (hit or miss)',
      labelNames: ['result'],
      registers,
    }),
    rateLimited: new Counter({
      name: 'petstore_rate_limited_total',
      help: 'Requests refused with 429 rate_limited',
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'petstore_idempotent_replays_total',
      help: 'Answers replayed for a repeated Idempotency-Key',
      registers,
    }),
  };
}

/**
 * The route a request matched, as a pattern: each path segment that is a
 * route parameter's value becomes `{name}` (/v1/pets/42 → /v1/pets/{petId}),
 * so the label's values stay few. Paths no route takes are one value.
 */
function routePattern(pathname: string, params: Record<string, string | string[]> | undefined): string {
  const values = Object.entries(params ?? {});
  if (values.some(([, value]) => Array.isArray(value))) return 'unmatched';
  const byValue = new Map(values.map(([name, value]) => [value as string, name]));
  const segments = pathname.replace(/(.)\/+$/, '$1').split('/');
  return segments.map((segment) => (byValue.has(safeDecode(segment)) ? `{${byValue.get(safeDecode(segment))}}` : segment)).join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `params` are the route's, to turn the path back into its pattern (only when metrics are on: it is not free). */
export function recordRequest(answer: {
  method: string;
  path: string;
  params: Record<string, string | string[]> | undefined;
  status: number;
  seconds: number;
  isReplay: boolean;
}): void {
  const recorded = metrics();
  if (!recorded) return;
  const labels = { method: answer.method, route: routePattern(answer.path, answer.params), status: String(answer.status) };
  recorded.requests.inc(labels);
  recorded.requestSeconds.observe(labels, answer.seconds);
  if (answer.isReplay) recorded.idempotentReplays.inc();
}

export function recordKeyCacheLookup(isHit: boolean): void {
  metrics()?.keyCacheLookups.inc({ result: isHit ? 'hit' : 'miss' });
}

export function recordRateLimited(): void {
  metrics()?.rateLimited.inc();
}
