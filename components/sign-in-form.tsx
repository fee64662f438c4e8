'use client';
// SignInForm: email and password, checked by next-auth's credentials provider.
import { LogIn } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useRef, useState, type FormEvent } from 'react';
import { throttledRetryAfter } from '@/lib/auth/throttled-error';
import { ACCOUNT_DISABLED, PASSWORD_SIGN_IN_OFF } from '@/lib/auth/sign-in-refusals';
import { Button } from './ui/button';
import { Field, Input } from './ui/field';
import { Notice } from './ui/notice';

export function SignInForm({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [isPending, setPending] = useState(false);
  const password = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn('credentials', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      router.replace(returnTo);
      router.refresh();
      return;
    }
    setPending(false);
    setError(signInErrorMessage(result?.error));
    // The disabled button dropped focus to <body>: back to the field to correct
    // (the alert is read out, and the field is described by it).
    password.current?.focus();
    password.current?.select();
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Notice id="sign-in-error" tone="error" title={error} />}
      <Field id="email" label="Email">
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field id="password" label="Password">
        <Input
          ref={password}
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby={error ? 'sign-in-error' : undefined}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isPending}>
        <LogIn aria-hidden />
        {isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

function signInErrorMessage(error: string | null | undefined): string {
  if (error === 'CredentialsSignin') return 'Wrong email or password.';
  if (error === PASSWORD_SIGN_IN_OFF) return 'Passwords are turned off here: use the single sign-on button.';
  if (error === ACCOUNT_DISABLED) return 'Your account is disabled. Ask an admin to enable it.';
  const retryAfter = throttledRetryAfter(error);
  if (retryAfter) return `Too many failed attempts. Try again in ${formatWait(retryAfter)}.`;
  return 'Signing in failed; try again.';
}

function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
