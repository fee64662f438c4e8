// A bounded write load for the fault tests: loops that each send POST /v1/pets
// one after another with a unique name, recording what every request got back,
// so that a test can compare what was acknowledged with what was stored.
import postgres from 'postgres';

export type Attempt = {
  name: string;
  /** Milliseconds on performance.now()'s clock. */
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or undefined when the request got no answer (connection error, time-out). */
  status?: number;
  code?: string;
  retryAfter?: string | null;
  petId?: number;
  error?: string;
};

// Far beyond any bound a test asserts: a request that takes this long has hung.
const HANG_MS = 15_000;

/** One create; with `idempotencyKey`, sent with that Idempotency-Key (its transaction then also holds the key's record). */
export async function createPetAttempt(baseUrl: string, apiKey: string, name: string, idempotencyKey?: string): Promise<Attempt> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
      },
      body: JSON.stringify({ name, categoryId: 1 }),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: number; code?: string };
    return {
      name,
      sentAt,
      answeredAt: performance.now(),
      status: response.status,
      code: body.code,
      retryAfter: response.headers.get('retry-after'),
      petId: response.status === 201 ? body.id : undefined,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { name, sentAt, answeredAt: performance.now(), error: cause?.code ?? (error as Error).name };
  }
}

/**
 * Starts `loops` sequential create loops that run until `shouldStop()`; each request's name is
 * `${prefix}-${loop}-${n}` (and, with `isKeyed`, so is its Idempotency-Key). `attempts` fills as answers come in;
 * `done` resolves when every loop ended.
 */
export function runCreateLoops(options: {
  baseUrls: string[];
  apiKey: string;
  loops: number;
  prefix: string;
  pauseMs: number;
  shouldStop: () => boolean;
  isKeyed?: boolean;
}): {
  attempts: Attempt[];
  done: Promise<Attempt[]>;
} {
  const attempts: Attempt[] = [];
  const done = Promise.all(
    Array.from({ length: options.loops }, async (_, loop) => {
      const baseUrl = options.baseUrls[loop % options.baseUrls.length]!;
      for (let n = 0; !options.shouldStop(); n++) {
        const name = `${options.prefix}-${loop}-${n}`;
        attempts.push(await createPetAttempt(baseUrl, options.apiKey, name, options.isKeyed ? name : undefined));
        if (options.pauseMs > 0) await sleep(options.pauseMs);
      }
    }),
  ).then(() => attempts);
  return { attempts, done };
}

/** The names of the stored pets whose name starts with `prefix`. */
export async function storedPetNames(databaseUrl: string, prefix: string): Promise<Set<string>> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await client<{ name: string }[]>`select name from pets where name like ${`${prefix}-%`}`;
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
