'use client';
// ConnectionBanner: a bar at the foot of the window (in view wherever the page
// is scrolled) that says so when the server cannot be reached, and clears by
// itself. A request that got no answer at all (status 0: the server is down or
// the network is gone) raises it; then /healthz is asked every second, and on
// its first answer the banner goes and the page's lists and records load again.
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiClientError } from '@/lib/client/api-client';

const PROBE_EVERY_MS = 1000;

const isUnreachable = (error: unknown) => error instanceof ApiClientError && error.status === 0;

export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const [isOffline, setOffline] = useState(false);

  useEffect(() => {
    // A query's or a mutation's attempt that failed (each retry included, not only the last).
    const noticeFailure = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      const failed = event.type === 'updated' && (event.action?.type === 'failed' || event.action?.type === 'error');
      if (failed && isUnreachable(event.action?.error)) setOffline(true);
    };
    const stopQueries = queryClient.getQueryCache().subscribe(noticeFailure);
    const stopMutations = queryClient.getMutationCache().subscribe(noticeFailure);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!isOffline) return;
    let stopped = false;
    const probe = async () => {
      const answered = await fetch('/healthz', { cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      );
      if (stopped) return;
      if (!answered) return;
      setOffline(false);
      await queryClient.refetchQueries({ type: 'active' });
    };
    const timer = setInterval(() => void probe(), PROBE_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [isOffline, queryClient]);

  if (!isOffline) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
      <p>
        <span className="font-medium">The server can&apos;t be reached.</span> Retrying every second; this page stays as it is and updates when the server is
        back.
      </p>
    </div>
  );
}
