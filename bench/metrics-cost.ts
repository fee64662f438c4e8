// `npx tsx bench/metrics-cost.ts`: what recording metrics costs one /v1 request
// in CPU, measured in isolation (a loaded machine blurs a few percent in the
// HTTP benchmark): the route pattern, the request counter and histogram, and a
// key-cache lookup counter, as lib/http/handler.ts and lib/domain/api-key-cache.ts
// record them, with labels spread over a realistic number of series.
export {};

process.env.PETSTORE_METRICS_TOKEN ??= 'bench-metrics-token-0000';
const { metrics, recordKeyCacheLookup, recordRequest } = await import('../lib/metrics');

const ROUNDS = 5;
const REQUESTS = 200_000;
const paths: { path: string; params: Record<string, string> }[] = [
  { path: '/v1/pets', params: {} },
  { path: '/v1/pets/4217', params: { petId: '4217' } },
  { path: '/v1/store/orders', params: {} },
  { path: '/v1/store/orders/88', params: { orderId: '88' } },
];
const statuses = [200, 200, 200, 201, 404, 429];

metrics();
const perRequestMicroseconds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = process.cpuUsage();
  for (let index = 0; index < REQUESTS; index++) {
    const request = paths[index % paths.length]!;
    recordKeyCacheLookup(index % 10 !== 0);
    recordRequest({
      method: index % 5 === 0 ? 'POST' : 'GET',
      path: request.path,
      params: request.params,
      status: statuses[index % statuses.length]!,
      seconds: (index % 97) / 1000,
      isReplay: index % 50 === 0,
    });
  }
  const used = process.cpuUsage(started);
  perRequestMicroseconds.push((used.user + used.system) / REQUESTS);
}
const best = Math.min(...perRequestMicroseconds);
const median = [...perRequestMicroseconds].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
console.log(
  `metrics recording: ${median.toFixed(2)} µs of CPU per request (median of ${ROUNDS} rounds of ${REQUESTS.toLocaleString('en')}; best ${best.toFixed(2)} µs)`,
);
const scrapeStarted = performance.now();
const text = await metrics()!.registry.metrics();
console.log(`one scrape: ${(performance.now() - scrapeStarted).toFixed(1)} ms, ${text.length.toLocaleString('en')} bytes`);
