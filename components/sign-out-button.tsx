'use client';
// SignOutButton: ends the session (its API key is revoked on the server) and returns to sign-in.
import { LogOut } from 'lucide-react';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Button } from './ui/button';

export function SignOutButton() {
  const [isPending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={isPending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: '/signin' });
      }}
    >
      <LogOut aria-hidden />
      {isPending ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}
