// One measured load: autocannon against one server and scenario, with the
// server's process tree sampled for peak RSS and CPU time meanwhile (and the
// CPU time of the PostgreSQL backends serving its database, on this machine),
// and the per-second counts kept to compute the drift.
import autocannon from 'autocannon';
import type { Scenario, ScenarioContext } from './scenarios';
import { sampleDatabaseBackends, sampleProcessTree, type Server } from './servers';

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by status code, e.g. { "200": 31000 }. */
  statusCodes: Record<string, number>;
  peakRssMb: number;
  cpuMsPerRequest: number;
  /** CPU time of the server's database backends per request; null when its PostgreSQL is on another machine. */
  dbCpuMsPerRequest: number | null;
  /** Mean req/s of the last fifth of the window over its first fifth (1.00 = steady); null under 5 s. */
  drift: number | null;
  perSecond: number[];
  /** The measured window, in ms since the server was spawned. */
  window: { from: number; to: number };
};

const RSS_SAMPLE_MS = 250;
// What real HTTP clients (fetch, browsers, curl --compressed) send.
export const CLIENT_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

function driftOf(perSecond: number[]): number | null {
  if (perSecond.length < 5) return null;
  const window = Math.floor(perSecond.length / 5);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const first = mean(perSecond.slice(0, window));
  return first === 0 ? 0 : mean(perSecond.slice(-window)) / first;
}

/**
 * Warms a freshly started server up: `requests` requests of the scenario (JIT,
 * lazily loaded route modules, pool connections), or `maxSeconds`, whichever
 * comes first. A time-only warm-up is too short on a busy machine.
 */
export async function warmUp(
  server: Server,
  scenario: Scenario,
  context: ScenarioContext & { apiKey: string },
  settings: { connections: number; requests: number; maxSeconds: number },
): Promise<void> {
  const request = scenario.request(context);
  const instance = autocannon({
    url: server.baseUrl + server.prefix + request.path,
    connections: settings.connections,
    amount: Math.max(settings.requests, settings.connections),
    method: request.method,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${context.apiKey}`, ...request.headers },
    body: request.body,
  });
  const timer = setTimeout(() => instance.stop(), settings.maxSeconds * 1000);
  await instance;
  clearTimeout(timer);
}

export async function runLoad(
  server: Server,
  scenario: Scenario,
  context: ScenarioContext & { apiKey: string },
  settings: { duration: number; connections: number; rate?: number },
): Promise<LoadResult> {
  const toAutocannon = () => {
    const request = scenario.request(context);
    return {
      method: request.method,
      path: server.prefix + request.path,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${context.apiKey}`, ...request.headers },
      body: request.body,
    };
  };
  // autocannon takes the path from `url`; `requests` only for a request that varies.
  const { path, ...fixed } = toAutocannon();
  const instance = autocannon({
    url: server.baseUrl + path,
    connections: settings.connections,
    duration: settings.duration,
    ...(settings.rate === undefined ? {} : { overallRate: settings.rate }),
    ...fixed,
    // Merged into autocannon's own request: a request object of ours alone would lose its Host header.
    ...(scenario.varies ? { requests: [{ setupRequest: (request) => ({ ...request, ...toAutocannon() }) }] } : {}),
  });
  const perSecond: number[] = [];
  instance.on('tick', ({ counter }: { counter: number }) => perSecond.push(counter));
  let peakRss = 0;
  // Each backend's CPU as last seen: one that ends during the window keeps what it used.
  const backendsBefore = server.databaseName ? sampleDatabaseBackends(server.databaseName) : undefined;
  const backendsLast = new Map(backendsBefore);
  const sample = () => {
    peakRss = Math.max(peakRss, sampleProcessTree(server.pid).rssBytes);
    if (server.databaseName) for (const [pid, cpuMs] of sampleDatabaseBackends(server.databaseName)) backendsLast.set(pid, cpuMs);
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  const cpuBefore = sampleProcessTree(server.pid).cpuMs;
  const from = performance.now() - server.spawnedAt;
  const result = await instance;
  const to = performance.now() - server.spawnedAt;
  clearInterval(sampler);
  sample();
  const cpuMs = sampleProcessTree(server.pid).cpuMs - cpuBefore;
  let dbCpuMs = 0;
  for (const [pid, cpuMs] of backendsLast) dbCpuMs += cpuMs - (backendsBefore?.get(pid) ?? 0);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    cpuMsPerRequest: result.requests.total > 0 ? cpuMs / result.requests.total : 0,
    dbCpuMsPerRequest: backendsBefore && result.requests.total > 0 ? dbCpuMs / result.requests.total : null,
    // autocannon may tick once more as it stops; that second is not a full one.
    drift: driftOf(perSecond.slice(0, settings.duration)),
    perSecond: perSecond.slice(0, settings.duration),
    window: { from, to },
  };
}
