// Any address nothing answers (/nope): the message in the app frame when signed
// in, else under the brand with the way to sign in.
import type { Metadata } from 'next';
import { IntentLink } from '@/components/intent-link';
import { connection } from 'next/server';
import { AppShell } from '@/components/app-shell';
import { Brand } from '@/components/brand';
import { NotFoundMessage } from '@/components/not-found-message';
import { buttonClasses } from '@/components/ui/button';
import { currentSession } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'Not found' };

export default async function NotFound() {
  await connection(); // the session is per request: never prerendered at build time
  const session = await currentSession();
  if (session) {
    return (
      <AppShell email={session.user?.email ?? ''} role={session.role}>
        <NotFoundMessage />
      </AppShell>
    );
  }
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between gap-4 border-b border-zinc-200 bg-white px-4 py-3 md:px-6 dark:border-zinc-800 dark:bg-zinc-900">
        <IntentLink href="/pets" className="rounded-lg" aria-label="Petstore home">
          <Brand />
        </IntentLink>
        <IntentLink href="/signin" className={buttonClasses('secondary', 'sm')}>
          Sign in
        </IntentLink>
      </header>
      <main id="main" className="px-4">
        <NotFoundMessage />
      </main>
    </div>
  );
}
