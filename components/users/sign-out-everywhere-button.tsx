'use client';
// SignOutEverywhereButton: one button that ends every dashboard session of the
// signed-in user (laptop, phone, a forgotten browser), this one included; then
// the sign-in page says so. Keys the user made by hand keep working.
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { SIGN_IN_PATH } from '@/lib/auth/sign-in-path';
import { usePetstoreClient } from '@/lib/client/provider';
import { Button } from '../ui/button';

export function SignOutEverywhereButton() {
  const client = usePetstoreClient();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  return (
    <Button
      variant="secondary"
      disabled={state === 'pending'}
      onClick={() => {
        setState('pending');
        client.endOwnSessions().then(
          // A full load: the sign-in page finds this session ended and says why.
          () => window.location.assign(SIGN_IN_PATH),
          () => setState('failed'),
        );
      }}
    >
      <LogOut aria-hidden />
      {state === 'pending' ? 'Signing out everywhere…' : state === 'failed' ? 'Failed: retry' : 'Sign out everywhere'}
    </Button>
  );
}
