'use client';
// SsoButton: "Sign in with <provider>", through next-auth's OpenID Connect provider (lib/auth/oidc.ts).
import { Building2 } from 'lucide-react';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { Button } from './ui/button';

export function SsoButton({
  providerId,
  providerName,
  returnTo,
  isPrimary,
}: {
  providerId: string;
  providerName: string;
  returnTo: string;
  isPrimary: boolean;
}) {
  const [isPending, setPending] = useState(false);
  return (
    <Button
      variant={isPrimary ? 'primary' : 'secondary'}
      className="w-full"
      disabled={isPending}
      onClick={() => {
        setPending(true);
        void signIn(providerId, { callbackUrl: returnTo });
      }}
    >
      <Building2 aria-hidden />
      {isPending ? `Going to ${providerName}…` : `Sign in with ${providerName}`}
    </Button>
  );
}
