'use client';
// LiveUpdates: one subscription per tab to the change feed (GET /v1/changes,
// followed by the typed client, which reconnects by itself). The changes mark
// the React Query entries they touch as stale, at most once a second however many
// arrive (a bulk change elsewhere sends a thousand), and React Query fetches again
// only those on screen; after a reconnect (changes may have been missed)
// everything on screen is fetched again, and so, once the feed first listens,
// is whatever had loaded before it did.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Change } from '../contract/changes';
import { queryKeys } from './hooks';
import { useEndSession, usePetstoreClient } from './provider';

/** The shortest time between two refreshes of what a tab shows. */
const REFRESH_EVERY_MS = 1_000;

/** The query keys a change makes stale. */
function staleKeys(queryClient: QueryClient, change: Change): unknown[][] {
  const keys: unknown[][] = [];
  const stale = (queryKey: unknown[]) => void keys.push(queryKey);
  // A bulk change's own thousand changes would refetch the list as many times; it refreshes once at its end.
  if (change.resource === 'pet' && queryClient.isMutating({ mutationKey: queryKeys.bulkPetChange() }) > 0) return keys;
  // Every change is in the activity log too.
  stale(queryKeys.activity());
  if (change.resource === 'pet') {
    stale(queryKeys.pets());
    stale(queryKeys.petCounts());
    stale(change.id === undefined ? ['pet'] : queryKeys.pet(change.id));
    stale(queryKeys.categories()); // their pet counts
    stale(queryKeys.tags()); // theirs too
  } else if (change.resource === 'order') {
    // An order moves its pet's status; the change names only the order, so every pet on screen is checked.
    stale(queryKeys.orders());
    stale(change.id === undefined ? ['order'] : queryKeys.order(change.id));
    stale(queryKeys.pets());
    stale(queryKeys.petCounts());
    stale(['pet']);
  } else if (change.resource === 'category') {
    stale(queryKeys.categories());
  } else if (change.resource === 'photo') {
    // The pet's gallery (under the pet's key), and the lists that show its cover.
    stale(change.petId === undefined ? ['pet'] : queryKeys.pet(change.petId));
    stale(queryKeys.pets());
  }
  return keys;
}

/** Marks stale what the changes touch: at once after a quiet second, else once the second is up. */
function throttledInvalidation(queryClient: QueryClient) {
  const pending = new Map<string, unknown[]>();
  let lastFlush = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    lastFlush = performance.now();
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(change: Change) {
      for (const key of staleKeys(queryClient, change)) pending.set(JSON.stringify(key), key);
      if (pending.size === 0 || timer) return;
      timer = setTimeout(flush, Math.max(0, lastFlush + REFRESH_EVERY_MS - performance.now()));
    },
    stop: () => clearTimeout(timer),
  };
}

export function LiveUpdates() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  useEffect(() => {
    const stop = new AbortController();
    const changes = throttledInvalidation(queryClient);
    stop.signal.addEventListener('abort', changes.stop);
    let hasListened = false;
    void client.watchChanges(
      {
        onChange: (change) => changes.add(change),
        onResync: () => void queryClient.invalidateQueries(),
        // The session ended (a revoke ends its streams at once): to the sign-in page, without a click.
        onUnauthorized: endSession,
        onConnection: (isConnected) => {
          if (!isConnected || hasListened) return;
          hasListened = true;
          // A change between a page's first fetch and the feed's start would otherwise be missed.
          const listening = Date.now();
          void queryClient.invalidateQueries({ predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < listening });
        },
      },
      stop.signal,
    );
    return () => stop.abort();
  }, [client, queryClient, endSession]);
  return null;
}
