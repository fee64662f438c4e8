// The dashboard's pages: signed-in users only. The session's API key is handed
// to the browser's typed client here; every page below calls /v1 with it, and
// one change feed per tab keeps what they show current.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/app-shell';
import { ConnectionBanner } from '@/components/connection-banner';
import { ReplaceTemporaryPasswordLoader } from '@/components/users/replace-temporary-password-loader';
import { requireSession } from '@/lib/auth/session';
import { LiveUpdates } from '@/lib/client/live-updates';
import { ApiClientProvider } from '@/lib/client/provider';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  return (
    <AppShell email={session.user?.email ?? ''} role={session.role}>
      <ApiClientProvider apiKey={session.apiKey} me={{ email: session.user?.email ?? '', role: session.role }}>
        {/* A temporary password (reset by an admin) is replaced before anything else. */}
        {session.mustChangePassword ? (
          <ReplaceTemporaryPasswordLoader email={session.user?.email ?? ''} />
        ) : (
          <>
            <LiveUpdates />
            <ConnectionBanner />
            {children}
          </>
        )}
      </ApiClientProvider>
    </AppShell>
  );
}
