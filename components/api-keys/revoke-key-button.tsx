'use client';
// RevokeKeyButton: revokes a key after a confirmation; programs using it get 401 at once.
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useRevokeApiKey } from '@/lib/client/hooks';
import type { ApiKey } from '@/lib/contract/api-keys';
import { errorsFromApi } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { Notice } from '../ui/notice';

export function RevokeKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const [isOpen, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) revoke.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950" aria-label={`Revoke ${apiKey.name}`}>
          <Ban aria-hidden />
          Revoke
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Revoke “${apiKey.name}”?`}
        description="Programs using this key get 401 Unauthorized from their next request. This cannot be undone."
      >
        {revoke.isError && (
          <Notice tone="error" title="The key was not revoked" className="mb-4">
            {errorsFromApi(revoke.error).message}
          </Notice>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={revoke.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: () => setOpen(false) })}>
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
