'use client';
// SignOutButton: ends the session (its API key is revoked on the server) and
// returns to sign-in. Speaks next-auth's sign-out protocol directly (CSRF token,
// then POST), which keeps next-auth's client library out of every page.
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { SIGN_IN_PATH } from '@/lib/auth/sign-in-path';
import { startSigningOut, stopSigningOut } from '@/lib/client/signing-out';
import { Button } from './ui/button';

async function signOut(): Promise<void> {
  const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
  await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken, callbackUrl: SIGN_IN_PATH, json: 'true' }),
  });
}

export function SignOutButton() {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={state === 'pending'}
      onClick={() => {
        setState('pending');
        startSigningOut();
        signOut().then(
          // A full load: nothing of the signed-in pages may stay in memory.
          () => window.location.assign(SIGN_IN_PATH),
          () => {
            stopSigningOut();
            setState('failed');
          },
        );
      }}
    >
      <LogOut aria-hidden />
      {state === 'pending' ? 'Signing out…' : state === 'failed' ? 'Sign-out failed: retry' : 'Sign out'}
    </Button>
  );
}
