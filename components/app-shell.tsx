// AppShell: the dashboard's frame. A sidebar on wide screens, a top bar with
// the sections in a row on phones; the signed-in user and sign-out at hand.
import type { ReactNode } from 'react';
import type { Role } from '@/lib/contract/roles';
import { Brand } from './brand';
import { IntentLink } from './intent-link';
import { NavLinks } from './nav-links';
import { SignOutButton } from './sign-out-button';

export function AppShell({ email, role, children }: { email: string; role: Role; children: ReactNode }) {
  return (
    <div className="md:grid md:min-h-dvh md:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 dark:bg-zinc-900"
      >
        Skip to content
      </a>
      {/* The column paints the sidebar's background all the way down; the sidebar itself stays in view. */}
      <div className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur md:static md:border-r md:border-b-0 md:bg-white dark:border-zinc-800 dark:bg-zinc-900/90 md:dark:bg-zinc-900">
        <header className="md:sticky md:top-0 md:flex md:h-dvh md:flex-col">
          <div className="flex items-center justify-between gap-3 px-4 pt-3 md:px-5 md:pt-5">
            <IntentLink href="/pets" className="rounded-lg" aria-label="Petstore home">
              <Brand />
            </IntentLink>
            <div className="md:hidden">
              <SignOutButton />
            </div>
          </div>
          <nav aria-label="Dashboard" className="px-3 py-2 md:mt-6 md:flex-1 md:px-3">
            <NavLinks role={role} />
          </nav>
          <div className="hidden border-t border-zinc-200 p-4 md:block dark:border-zinc-800">
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Signed in as</p>
            <p className="truncate text-sm font-medium" title={email}>
              {email}
            </p>
            <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">Role: {role}</p>
            <SignOutButton />
          </div>
        </header>
      </div>
      <main id="main" className="min-w-0 px-4 py-6 md:px-10 md:py-10">
        <div className="mx-auto max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
