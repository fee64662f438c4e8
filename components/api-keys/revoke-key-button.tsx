'use client';
// RevokeKeyButton: revokes a key after a confirmation; programs using it get 401 at once.
import { Ban } from 'lucide-react';
import { useRevokeApiKey } from '@/lib/client/hooks';
import type { ApiKey } from '@/lib/contract/api-keys';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

export function RevokeKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950" aria-label={`Revoke ${apiKey.name}`}>
          <Ban aria-hidden />
          Revoke
        </Button>
      }
      title={`Revoke “${apiKey.name}”?`}
      description="Programs using this key get 401 Unauthorized from their next request. This cannot be undone."
      mutation={revoke}
      run={(close) => revoke.mutate(apiKey.id, { onSuccess: close })}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      isDanger
      errorTitle="The key was not revoked"
    />
  );
}
