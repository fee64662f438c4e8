// The sign-in page: the company's identity provider when single sign-on is on, email and
// password unless turned off; a failed sign-in said in a sentence; afterwards, back to
// where the user was going.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Brand } from '@/components/brand';
import { SignInForm } from '@/components/sign-in-form';
import { SignInHint } from '@/components/sign-in-hint';
import { Notice } from '@/components/ui/notice';
import { endedMessage } from '@/lib/auth/ended-reason';
import { sessionState } from '@/lib/auth/session';
import { safeReturnPath } from '@/lib/auth/sign-in-path';
import { oidcProvider } from '@/lib/auth/oidc';
import { signInErrorSentence } from '@/lib/auth/sign-in-errors';
import { config } from '@/lib/runtime/config';
import { SsoButton } from '@/components/sso-button';

export const metadata: Metadata = { title: 'Sign in' };

type Props = { searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[]; 'break-glass'?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  const { callbackUrl, error, 'break-glass': breakGlass } = await searchParams;
  const returnTo = safeReturnPath(typeof callbackUrl === 'string' ? callbackUrl : undefined);
  const settings = config();
  const sso = oidcProvider(settings);
  const errorSentence = signInErrorSentence(typeof error === 'string' ? error : undefined, settings.OIDC_NAME);
  // With passwords off, the form is for break-glass admins only, at /signin?break-glass.
  const showsPasswordForm = settings.PASSWORD_SIGN_IN === 'on' || breakGlass !== undefined;
  // An ended session (its key revoked or expired) stays here, told why: never sent back (no loop).
  const state = await sessionState();
  if (state.status === 'active') redirect(returnTo);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-xl font-semibold tracking-tight">Sign in to the dashboard</h1>
          <p className="mt-1 mb-6 text-sm text-zinc-600 dark:text-zinc-400">Manage pets, orders and API keys.</p>
          {state.status === 'ended' && <Notice tone="info" title={endedMessage(state.reason)} className="mb-4" />}
          {errorSentence && <Notice tone="error" title={errorSentence} className="mb-4" />}
          {sso && <SsoButton providerId={sso.id} providerName={sso.name} returnTo={returnTo} isPrimary={!showsPasswordForm} />}
          {sso && showsPasswordForm && (
            <p className="my-5 flex items-center gap-3 text-xs text-zinc-500 before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:text-zinc-400 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
              or with your password
            </p>
          )}
          {showsPasswordForm && <SignInForm returnTo={returnTo} />}
        </div>
        {showsPasswordForm && (
          <p className="mt-6 text-center text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
            <SignInHint />
          </p>
        )}
      </div>
    </main>
  );
}
