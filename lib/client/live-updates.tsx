'use client';
// LiveUpdates: one subscription per tab to the change feed (GET /v1/changes,
// followed by the typed client, which reconnects by itself). Each change marks
// the React Query entries it touches as stale, and React Query fetches again
// only those on screen; after a reconnect (changes may have been missed)
// everything on screen is fetched again, and so, once the feed first listens,
// is whatever had loaded before it did.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Change } from '../contract/changes';
import { queryKeys } from './hooks';
import { usePetstoreClient } from './provider';

function invalidate(queryClient: QueryClient, change: Change): void {
  const stale = (queryKey: unknown[]) => void queryClient.invalidateQueries({ queryKey });
  // A bulk change's own thousand changes would refetch the list as many times; it refreshes once at its end.
  if (change.resource === 'pet' && queryClient.isMutating({ mutationKey: queryKeys.bulkPetChange() }) > 0) return;
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
  }
}

export function LiveUpdates() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let hasListened = false;
    void client.watchChanges(
      {
        onChange: (change) => invalidate(queryClient, change),
        onResync: () => void queryClient.invalidateQueries(),
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
  }, [client, queryClient]);
  return null;
}
