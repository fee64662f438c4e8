// So much of one kind of work at once in this process: so many run, so many more wait their
// turn in order, and one past those is answered 503 at once (with Retry-After), so a burst costs
// a bounded amount of memory. Used by the photos (lib/http/photo-slots.ts) and the imports'
// uploads (lib/http/import-slots.ts); each keeps its state per process (lib/process-state.ts).
import { ApiError } from './errors';

export type SlotState = { running: number; waiting: (() => void)[] };

export const freeSlots = (): SlotState => ({ running: 0, waiting: [] });

/** Runs `task` in one of `state`'s slots, after those waiting before it; 503 saying `busy` when too many wait. */
export async function inSlot<Result>(
  state: SlotState,
  bounds: { running: number; waiting: number },
  busy: string,
  task: () => Promise<Result>,
): Promise<Result> {
  if (state.running < bounds.running) state.running += 1;
  else if (state.waiting.length < bounds.waiting) await new Promise<void>((resolve) => state.waiting.push(resolve));
  else throw new ApiError('service_unavailable', busy, { headers: { 'retry-after': '1' } });
  try {
    return await task();
  } finally {
    // The slot passes to the next in line, or is freed.
    const next = state.waiting.shift();
    if (next) next();
    else state.running -= 1;
  }
}
