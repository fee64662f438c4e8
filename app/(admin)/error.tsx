'use client';
// A dashboard page whose server part failed (the database went away mid-render,
// say): the message inside the app frame, in place of Next's bare error page.
// It tries again every few seconds by itself, and at once on Retry.
import { RotateCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { startTransition, useCallback, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

const RETRY_EVERY_MS = 2_000;

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  const router = useRouter();
  const retry = useCallback(
    () =>
      startTransition(() => {
        router.refresh();
        reset();
      }),
    [router, reset],
  );
  useEffect(() => {
    const timer = setInterval(retry, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [retry]);
  return (
    <Notice
      tone="error"
      title="This page could not be shown"
      action={
        <Button variant="secondary" size="sm" onClick={retry}>
          <RotateCw aria-hidden />
          Retry
        </Button>
      }
    >
      The server could not put it together just now (its database may be unreachable). It tries again every few seconds and shows the page as soon as it can.
    </Notice>
  );
}
