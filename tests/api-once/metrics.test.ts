// GET /metrics (lib/metrics.ts): Prometheus text behind its own bearer token,
// 404 when no token is configured; requests by route pattern and status, the
// key cache, rate-limit refusals, idempotent replays, the pool and the process.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { startServer, type TestServer } from '../support/server';

const TOKEN = randomBytes(24).toString('hex');

function scrape(baseUrl: string, authorization?: string): Promise<Response> {
  return fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
}

/** The value of the sample `name{labels}` (labels in the order prom-client writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

it('is 404 when PETSTORE_METRICS_TOKEN is not set', async () => {
  const response = await scrape(inject('baseUrl'), `Bearer ${TOKEN}`);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 'not_found', status: 404 });
});

// The limiter and the metrics never need the embedded database: PostgreSQL in every suite.
describe('with PETSTORE_METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ database: 'postgres', env: { PETSTORE_METRICS_TOKEN: TOKEN, RATE_LIMIT_RATE: '0.1', RATE_LIMIT_BURST: '8' } });
  });
  afterAll(() => server?.stop());

  /** The exposition as the server writes it, scraped with the token. */
  const metricsText = async () => (await scrape(server.baseUrl, `Bearer ${TOKEN}`)).text();

  it.each([
    ['no Authorization', undefined],
    ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
    ['the API key', 'api-key'],
  ])('refuses %s with 401 and WWW-Authenticate', async (_, authorization) => {
    const response = await scrape(server.baseUrl, authorization === 'api-key' ? `Bearer ${server.apiKey}` : authorization);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await response.json()).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  /**
   * The key cache trusts itself only once its listener is up and has heard its own lease
   * ping (lib/domain/api-key-cache.ts); on a loaded machine that can come after a fresh server's
   * first requests, which then all miss. Waits for a hit, asked with a key of its own (the
   * rate limit is per key; its route's counts are not asserted).
   */
  async function untilTheKeyCacheHits(): Promise<void> {
    const made = await api('POST', '/v1/api-keys', { baseUrl: server.baseUrl, key: server.apiKey, json: { name: 'Cache warm-up', scope: 'read' } });
    expect(made.status).toBe(201);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      await api('GET', '/v1/store/orders?limit=1', { baseUrl: server.baseUrl, key: made.body.key });
      const text = await metricsText();
      if ((sample(text, 'petstore_api_key_cache_lookups_total{result="hit"}') ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the key cache never answered a lookup in 15 s');
  }

  it('counts requests by route pattern and status, key-cache lookups, replays and rate-limit refusals', async () => {
    await untilTheKeyCacheHits();
    // The warm-up's key runs into the limit too when the cache is slow to hit, and this counter is the server's.
    const refusedBefore = sample(await metricsText(), 'petstore_rate_limited_total') ?? 0;
    const options = { baseUrl: server.baseUrl, key: server.apiKey };
    const key = randomUUID();
    const created = await api('POST', '/v1/pets', { ...options, json: { name: 'Metrics', categoryId: 1 }, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(201);
    const replayed = await api('POST', '/v1/pets', { ...options, json: { name: 'Metrics', categoryId: 1 }, headers: { 'idempotency-key': key } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await api('GET', `/v1/pets/${created.body.id}`, options)).status).toBe(200);
    let refused = 0;
    while (refused === 0) if ((await api('GET', '/v1/pets?limit=1', options)).status === 429) refused++;

    const response = await scrape(server.baseUrl, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, 'petstore_http_requests_total{method="GET",route="/v1/pets/{petId}",status="200"}')).toBe(1);
    expect(sample(text, 'petstore_http_requests_total{method="POST",route="/v1/pets",status="201"}')).toBe(2);
    expect(sample(text, 'petstore_http_requests_total{method="GET",route="/v1/pets",status="429"}')).toBe(1);
    expect(text).not.toContain(`route="/v1/pets/${created.body.id}"`);
    expect(sample(text, 'petstore_http_request_duration_seconds_count{method="GET",route="/v1/pets/{petId}",status="200"}')).toBe(1);
    expect(sample(text, 'petstore_idempotent_replays_total')).toBe(1);
    expect(sample(text, 'petstore_rate_limited_total')).toBe(refusedBefore + 1);
    expect(sample(text, 'petstore_api_key_cache_lookups_total{result="hit"}')).toBeGreaterThan(0);
    expect(sample(text, 'petstore_api_key_cache_lookups_total{result="miss"}')).toBeGreaterThan(0);
  });

  it('reports the database pool and the default process metrics', async () => {
    // Back to 0 between requests (a count that leaked would stay up); a scrape may meet the key
    // cache's lease ping (a pg_notify every 250 ms) in flight, which on a busy machine is often.
    await expect.poll(async () => sample(await metricsText(), 'petstore_db_pool_connections_in_use'), { timeout: 5_000, interval: 50 }).toBe(0);
    const text = await metricsText();
    expect(sample(text, 'petstore_db_pool_waiting')).toBe(0);
    expect(sample(text, 'petstore_db_pool_size')).toBe(10);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
