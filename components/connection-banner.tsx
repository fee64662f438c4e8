'use client';
// ConnectionBanner: a bar at the foot of the window (in view wherever the page
// is scrolled) that says so when the server or its database cannot be reached,
// and clears by itself. A request that got no answer at all (status 0: the
// server is down or the network is gone) raises it, and so does a 503 when
// /readyz confirms the database is down; then /readyz is asked every second,
// and once it answers 200 the page renders again on the server, its lists and
// records load again, a link clicked meanwhile opens, and the banner goes once
// the page's new render is in. (A filter typed before that render landed was
// lost: Next's refresh committed the URL it started from.)
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseZap, WifiOff } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { probeOutage, reportOutage, takeHeldNavigation, useOutage } from '@/lib/client/outage';

const PROBE_EVERY_MS = 1000;

const failureStatus = (error: unknown) => (error instanceof ApiClientError ? error.status : undefined);

export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const outage = useOutage();
  const [isRefreshing, startRefresh] = useTransition();
  const isRecovering = useRef(false);

  useEffect(() => {
    // A query's or a mutation's attempt that failed (each retry included, not only the last).
    const noticeFailure = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      const failed = event.type === 'updated' && (event.action?.type === 'failed' || event.action?.type === 'error');
      if (!failed) return;
      const status = failureStatus(event.action?.error);
      if (status === 0) reportOutage('server');
      // A 503 is also a search past its deadline: the banner only when /readyz says the database is down.
      if (status === 503) void probeOutage().then((found) => found !== 'none' && reportOutage(found));
    };
    const stopQueries = queryClient.getQueryCache().subscribe(noticeFailure);
    const stopMutations = queryClient.getMutationCache().subscribe(noticeFailure);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);

  useEffect(() => {
    if (outage === 'none') return;
    let stopped = false;
    const probe = async () => {
      if (isRecovering.current) return;
      const found = await probeOutage();
      if (stopped) return;
      if (found !== 'none') return reportOutage(found);
      const held = takeHeldNavigation();
      if (held) {
        reportOutage('none');
        router.push(held);
      } else {
        // The server's part of the page (a record's check, an error boundary) renders again
        // too; the banner stays until that render is in (the effect below).
        isRecovering.current = true;
        startRefresh(() => router.refresh());
      }
      await queryClient.refetchQueries({ type: 'active' });
    };
    const timer = setInterval(() => void probe(), PROBE_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [outage, queryClient, router]);

  useEffect(() => {
    if (isRefreshing || !isRecovering.current) return;
    isRecovering.current = false;
    reportOutage('none');
  }, [isRefreshing]);

  if (outage === 'none') return null;
  const Icon = outage === 'server' ? WifiOff : DatabaseZap;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-xl items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <Icon aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
      {outage === 'server' ? (
        <p>
          <span className="font-medium">The server can&apos;t be reached.</span> Retrying every second; this page stays as it is and updates when the server is
          back.
        </p>
      ) : (
        <p>
          <span className="font-medium">The database can&apos;t be reached.</span> Nothing can be loaded or saved for now. Retrying every second; this page
          loads by itself when the database is back.
        </p>
      )}
    </div>
  );
}
