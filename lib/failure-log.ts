// Log lines for failures: concise, and discreet. An error object is never
// logged as it is: a driver error carries its SQL, its parameters (request
// body values, API key hashes) and a stack, and drizzle copies the SQL and
// parameters into its message. Expected failures (the database unreachable)
// get one line naming their reason (the driver's code: ECONNREFUSED,
// DATABASE_TIMEOUT, 57P01...), and a flood of the same failure is summarised:
// the first is logged, then one line per SUMMARY_EVERY_MS with how many more
// there were. Bugs keep their stack, without the SQL and its parameters.
import { log } from './runtime/log';
import { processState } from './process-state';

const SUMMARY_EVERY_MS = 10_000;

type Flood = { repeats: number };
// One per process: the /v1 bundle and Next's bundle each load this module (lib/process-state.ts).
const floods = processState('failureFloods', () => new Map<string, Flood>());

/** The first `code` along the error and its causes (drizzle wraps the driver's error), else its class name. */
export function failureReason(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  }
  return error instanceof Error ? error.name : typeof error;
}

/**
 * Logs an expected failure at warn level: `message`, its `reason` and `fields`
 * (request id, route: never values from the request). Repeats of the same
 * message and reason within SUMMARY_EVERY_MS are counted into one summary line.
 */
export function logFailure(message: string, reason: string, fields: Record<string, string | number> = {}): void {
  const key = `${message}\n${reason}`;
  const flood = floods.get(key);
  if (flood) {
    flood.repeats += 1;
    return;
  }
  log.warn({ ...fields, reason }, message);
  const started: Flood = { repeats: 0 };
  floods.set(key, started);
  const summarise = () => {
    if (started.repeats === 0) {
      floods.delete(key);
      return;
    }
    log.warn({ reason, repeats: started.repeats, seconds: SUMMARY_EVERY_MS / 1000 }, `${message} (${started.repeats} more in ${SUMMARY_EVERY_MS / 1000} s)`);
    started.repeats = 0;
    setTimeout(summarise, SUMMARY_EVERY_MS).unref();
  };
  setTimeout(summarise, SUMMARY_EVERY_MS).unref();
}

/** An unexpected error as a log field: its class, code, message and stack, without the SQL and parameters of a failed query. */
export function describeBug(error: unknown): Record<string, string | undefined> {
  // drizzle's "Failed query: <sql> params: <values>" wraps the driver's error: describe that one.
  const isQueryWrapper = error instanceof Error && error.message.startsWith('Failed query:') && error.cause instanceof Error;
  const inner = isQueryWrapper ? (error.cause as Error) : error;
  if (!(inner instanceof Error)) return { type: typeof inner };
  const code = (inner as { code?: unknown }).code;
  return { type: inner.name, code: code === undefined ? undefined : String(code), message: inner.message, stack: inner.stack };
}
