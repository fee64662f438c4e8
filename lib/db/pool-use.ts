// How busy this process's PostgreSQL pool is, for the metrics: the pool
// (postgres-pool.ts) counts its busy connections and the work waiting for one.
import { processState } from '../process-state';

export type PoolUse = { inUse: number; waiting: number; size: number };

// One per process, whichever bundle opened the pool (lib/process-state.ts).
const shared = processState('poolUse', (): { read?: () => PoolUse } => ({}));

/** Reports `read()` from now on (one pool per process). */
export function reportPoolUse(read: () => PoolUse): void {
  shared.read = read;
}

export function poolUse(): PoolUse | undefined {
  return shared.read?.();
}
