'use client';
// Gives the dashboard's client components one typed client (bearing the
// session's API key) and one React Query cache. A 401 means the session's key
// ran out or was revoked: what was shown is dropped at once, and the user is sent
// to the sign-in page, which says why the session ended.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { signInUrl } from '../auth/sign-in-path';
import type { Role } from '../contract/roles';
import { ApiClientError, PetstoreClient } from './api-client';
import { isTabSigningOut } from './signing-out';

const ClientContext = createContext<PetstoreClient | null>(null);
const EndSessionContext = createContext<() => void>(() => {});
type Me = { email: string; role: Role };
const MeContext = createContext<Me>({ email: '', role: 'viewer' });

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 401;
}

function sendToSignIn(): void {
  const here = window.location.pathname + window.location.search;
  // A full page load on purpose: the sign-in page must start from a fresh session state.
  window.location.assign(signInUrl(here));
}

function newQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: unknown) => isUnauthorized(error) && onUnauthorized();
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not change on retry, but for a 429 (several tabs of one person searching
        // at once share their key's searches): a network error, a 5xx or a 429 may.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.status !== 429),
        // A 429 says when to come back (Retry-After: 2 s for searches); the rest, React Query's back-off.
        retryDelay: (failures, error) => (error instanceof ApiClientError && error.status === 429 ? 2_000 : Math.min(1_000 * 2 ** failures, 30_000)),
      },
    },
  });
}

export function ApiClientProvider({ apiKey, me, children }: { apiKey: string; me: Me; children: ReactNode }) {
  const [client] = useState(() => new PetstoreClient({ apiKey }));
  const [hasEnded, setEnded] = useState(false);
  const [endSession] = useState(() => {
    // Several requests fail at once when a session ends: one trip to the sign-in page, not one each.
    let isLeaving = false;
    return () => {
      if (isLeaving || isTabSigningOut()) return;
      isLeaving = true;
      setEnded(true);
      sendToSignIn();
    };
  });
  const [queryClient] = useState(() => newQueryClient(endSession));
  useEffect(() => {
    if (hasEnded) queryClient.clear();
  }, [hasEnded, queryClient]);
  return (
    <ClientContext.Provider value={client}>
      <EndSessionContext.Provider value={endSession}>
        <MeContext.Provider value={me}>
          <QueryClientProvider client={queryClient}>
            {hasEnded ? (
              <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
                Your session has ended. Taking you to the sign-in page…
              </p>
            ) : (
              children
            )}
          </QueryClientProvider>
        </MeContext.Provider>
      </EndSessionContext.Provider>
    </ClientContext.Provider>
  );
}

export function usePetstoreClient(): PetstoreClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('usePetstoreClient needs an ApiClientProvider above it.');
  return client;
}

/** Leaves for the sign-in page (the session's key was refused), dropping what was shown. */
export function useEndSession(): () => void {
  return useContext(EndSessionContext);
}

/** The signed-in user's role: what the dashboard shows them (the server enforces it regardless). */
export function useRole(): Role {
  return useContext(MeContext).role;
}

/** The signed-in user's email and role. */
export function useMe(): Me {
  return useContext(MeContext);
}
