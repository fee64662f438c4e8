'use client';
// Gives the dashboard's client components one typed client (bearing the
// session's API key) and one React Query cache. A 401 means the session's key
// ran out or was revoked: the user is sent to sign in again.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { signInUrl } from '../auth/sign-in-path';
import { ApiClientError, PetstoreClient } from './api-client';

const ClientContext = createContext<PetstoreClient | null>(null);

function sendToSignInOnUnauthorized(error: unknown): void {
  if (error instanceof ApiClientError && error.status === 401) {
    const here = window.location.pathname + window.location.search;
    // A full page load on purpose: the sign-in page must start from a fresh session state.
    window.location.assign(signInUrl(here));
  }
}

function newQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: sendToSignInOnUnauthorized }),
    mutationCache: new MutationCache({ onError: sendToSignInOnUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not change on retry; a network error or 5xx may.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function ApiClientProvider({ apiKey, children }: { apiKey: string; children: ReactNode }) {
  const [client] = useState(() => new PetstoreClient({ apiKey }));
  const [queryClient] = useState(newQueryClient);
  return (
    <ClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ClientContext.Provider>
  );
}

export function usePetstoreClient(): PetstoreClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('usePetstoreClient needs an ApiClientProvider above it.');
  return client;
}
