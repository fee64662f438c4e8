'use client';
// ReplaceTemporaryPassword: what a user whose password an admin set (a reset,
// or the first one of a user an admin added) sees on every page until they choose their own (their session may only read until
// then). Once changed, their sessions end and they are signed in afresh with
// the new password, with their role's rights.
import { signIn } from 'next-auth/react';
import { usePetstoreClient } from '@/lib/client/provider';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { ChangePasswordForm } from './change-password-form';

export function ReplaceTemporaryPassword({ email }: { email: string }) {
  const client = usePetstoreClient();
  async function signInAfresh(newPassword: string) {
    await client.endOwnSessions();
    const result = await signIn('credentials', { email, password: newPassword, redirect: false });
    window.location.assign(result?.ok ? window.location.pathname + window.location.search : '/signin');
  }
  return (
    <>
      <PageHeader title="Choose your password" description={`Signed in as ${email} with a temporary password.`} />
      <div className="max-w-md space-y-4">
        <Notice tone="warning" title="Your password was set by an admin">
          Choose a password of your own to continue: the temporary one is the current password.
        </Notice>
        <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <h2 id="password-heading" className="sr-only">
            Your password
          </h2>
          <ChangePasswordForm afterChange={signInAfresh} />
        </div>
      </div>
    </>
  );
}
