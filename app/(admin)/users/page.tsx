// /users: your password and sessions (everyone); who can sign in, and what an
// admin does to them (admins only: the server refuses others with 403 anyway).
import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/users/change-password-form';
import { SignOutEverywhereButton } from '@/components/users/sign-out-everywhere-button';
import { UserManager } from '@/components/users/user-manager';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { requireSession } from '@/lib/auth/session';
import { lackReason, may } from '@/lib/contract/roles';

export const metadata: Metadata = { title: 'Users' };

const card = 'rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

export default async function UsersPage() {
  const { role } = await requireSession('/users');
  const isAdmin = may(role, 'listUsers');
  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in to the dashboard, and what each may do: viewers read and export, editors also change pets, categories and orders, admins also manage users, keys and the activity log."
      />
      {/* Your own things side by side; the users below, the page's whole width: a table on a desk. */}
      <div className="space-y-10">
        <div className="grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="password-heading" className="space-y-3">
            <h2 id="password-heading" className="text-lg font-semibold">
              Your password
            </h2>
            <div className={card}>
              <ChangePasswordForm />
            </div>
          </section>
          <section aria-labelledby="sessions-heading" className="space-y-3">
            <h2 id="sessions-heading" className="text-lg font-semibold">
              Your sessions
            </h2>
            <div className={`${card} space-y-3 text-sm text-zinc-700 dark:text-zinc-300`}>
              <p>Signed in somewhere you should not be? End every session of yours at once, this one included.</p>
              <SignOutEverywhereButton />
            </div>
          </section>
        </div>
        <section aria-labelledby="users-heading" className="min-w-0 space-y-3">
          <h2 id="users-heading" className="text-lg font-semibold">
            Dashboard users
          </h2>
          {isAdmin ? (
            <UserManager />
          ) : (
            <Notice tone="info" title="Only admins see and manage users">
              {lackReason(role, 'listUsers')}
            </Notice>
          )}
        </section>
      </div>
    </>
  );
}
