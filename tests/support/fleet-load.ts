// Load for the fleet tests: loops that each alternate GET /v1/pets and
// POST /v1/pets (with an Idempotency-Key) through the load balancer, recording
// what every request finally got, so a test can count failures and compare
// what was acknowledged with what was stored.
import postgres from 'postgres';
import { randomUUID } from 'node:crypto';
import { sleep } from './load';

export type Outcome = {
  method: 'GET' | 'POST';
  /** The last answer's status, or undefined when the last try got no answer. */
  status?: number;
  /** The Error body's code, for a failed answer. */
  code?: string;
  error?: string;
  /** Tries made (more than 1 only when the client retried a POST). */
  tries: number;
  name?: string;
  petId?: number;
  sentAt: number;
  answeredAt: number;
};

export type LoadOptions = {
  url: string;
  apiKey: string;
  loops: number;
  prefix: string;
  /** Retry a POST that got no answer, a 502/503 or a 409 with Retry-After (the same key) until this deadline. */
  retryPostsForMs: number;
  pauseMs?: number;
};

const HANG_MS = 15_000;

async function send(
  url: string,
  init: RequestInit,
): Promise<{ status?: number; body?: { id?: number; code?: string }; retryAfter?: string | null; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const body = (await response.json().catch(() => ({}))) as { id?: number; code?: string };
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? (error as Error).name };
  }
}

async function getPets(options: LoadOptions): Promise<Outcome> {
  const sentAt = performance.now();
  const answer = await send(`${options.url}/v1/pets?limit=5`, { headers: { authorization: `Bearer ${options.apiKey}` } });
  return { method: 'GET', status: answer.status, code: answer.body?.code, error: answer.error, tries: 1, sentAt, answeredAt: performance.now() };
}

async function createPet(options: LoadOptions, name: string): Promise<Outcome> {
  const sentAt = performance.now();
  const key = randomUUID();
  const deadline = sentAt + options.retryPostsForMs;
  for (let tries = 1; ; tries++) {
    const answer = await send(`${options.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ name, categoryId: 1 }),
    });
    const isRetryable = answer.status === undefined || answer.status === 502 || answer.status === 503 || (answer.status === 409 && Boolean(answer.retryAfter));
    if (!isRetryable || performance.now() >= deadline) {
      return {
        method: 'POST',
        status: answer.status,
        code: answer.body?.code,
        error: answer.error,
        tries,
        name,
        petId: answer.status === 201 ? answer.body?.id : undefined,
        sentAt,
        answeredAt: performance.now(),
      };
    }
    await sleep(250);
  }
}

/** Runs the loops until `shouldStop()`; `outcomes` fills as requests finish. */
export function runFleetLoad(options: LoadOptions & { shouldStop: () => boolean }): { outcomes: Outcome[]; done: Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  const done = Promise.all(
    Array.from({ length: options.loops }, async (_, loop) => {
      for (let n = 0; !options.shouldStop(); n++) {
        outcomes.push(n % 2 === 0 ? await getPets(options) : await createPet(options, `${options.prefix}-${loop}-${n}`));
        if (options.pauseMs) await sleep(options.pauseMs);
      }
    }),
  ).then(() => outcomes);
  return { outcomes, done };
}

/** How many stored pets carry each name that starts with `prefix`. */
export async function storedPetCounts(databaseUrl: string, prefix: string): Promise<Map<string, number>> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await client<{ name: string; count: number }[]>`
      select name, count(*)::int as count from pets where name like ${`${prefix}-%`} group by name`;
    return new Map(rows.map((row) => [row.name, row.count]));
  } finally {
    await client.end();
  }
}

/** Outcomes counted by method and final status (or error), for the printed figures. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const label = `${outcome.method} ${outcome.status ?? outcome.error}${outcome.code ? ` ${outcome.code}` : ''}`;
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}
