// /users: change your own password; see and add dashboard users.
import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/users/change-password-form';
import { UserManager } from '@/components/users/user-manager';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Users' };

export default function UsersPage() {
  return (
    <>
      <PageHeader title="Users" description="Who can sign in to the dashboard. Every user can manage the catalogue, keys and users." />
      <div className="grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="password-heading" className="space-y-3">
          <h2 id="password-heading" className="text-lg font-semibold">
            Your password
          </h2>
          <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <ChangePasswordForm />
          </div>
        </section>
        <section aria-labelledby="users-heading" className="min-w-0 space-y-3">
          <h2 id="users-heading" className="text-lg font-semibold">
            Dashboard users
          </h2>
          <UserManager />
        </section>
      </div>
    </>
  );
}
