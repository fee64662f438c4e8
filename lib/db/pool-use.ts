// How busy this process's PostgreSQL pool is, for the metrics: the driver
// (postgres 3.4) does not expose its queues, so the pool's own calls are
// counted. With max_pipeline 1 (client.ts) a connection runs one query or one
// transaction at a time, so in use = min(in flight, size), waiting = the rest.
import type postgres from 'postgres';
import { processState } from '../process-state';

export type PoolUse = { inUse: number; waiting: number; size: number };

type Counter = { inFlight: number; size: number };

// One per process, whichever bundle opened the pool (lib/process-state.ts).
const shared = processState('poolUse', (): { counter?: Counter } => ({}));

/** Counts `client`'s queries and transactions from now on (one pool per process). */
export function trackPoolUse(client: postgres.Sql, size: number): void {
  const counter: Counter = (shared.counter = { inFlight: 0, size });
  const settleOnce = () => {
    let isSettled = false;
    return () => {
      if (!isSettled) counter.inFlight--;
      isSettled = true;
    };
  };
  const unsafe = client.unsafe;
  client.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const query = unsafe(...args);
    // Queries are lazy: one counts from its first then() (when the driver starts it) to its end.
    const then = query.then.bind(query);
    let isCounted = false;
    query.then = ((onFulfilled, onRejected) => {
      if (!isCounted) {
        isCounted = true;
        counter.inFlight++;
        const settle = settleOnce();
        then(settle, settle);
      }
      return then(onFulfilled, onRejected);
    }) as typeof query.then;
    return query;
  }) as typeof unsafe;
  const begin = client.begin;
  client.begin = ((...args: Parameters<typeof begin>) => {
    counter.inFlight++;
    const settle = settleOnce();
    const transaction = begin(...args);
    transaction.then(settle, settle);
    return transaction;
  }) as typeof begin;
}

export function poolUse(): PoolUse | undefined {
  const counter = shared.counter;
  if (!counter) return undefined;
  return {
    inUse: Math.min(counter.inFlight, counter.size),
    waiting: Math.max(0, counter.inFlight - counter.size),
    size: counter.size,
  };
}
