// The part of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
    /** autocannon keeps these on its request objects; a setupRequest must pass them on. */
    host?: string;
  };
  type Options = Request & { url: string; connections?: number; duration?: number; amount?: number; requests?: Request[] };
  type Histogram = { average: number; mean: number; total: number; p50: number; p99: number };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  };
  type Instance = PromiseLike<Result> & {
    on: (event: 'tick', listener: (tick: { counter: number; bytes: number }) => void) => void;
    stop: () => void;
  };
  export default function autocannon(options: Options): Instance;
}
