'use client';
// ApiKeyManager: the API keys page's interactive part: create a key (shown once),
// list the keys, revoke one.
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { useApiKeys } from '@/lib/client/hooks';
import { useRole } from '@/lib/client/provider';
import { ROLE_SCOPE } from '@/lib/contract/roles';
import type { CreatedApiKey } from '@/lib/contract/api-keys';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';
import { TableCard } from '../ui/table';
import { API_KEY_COLUMNS, ApiKeyTables } from './api-key-table';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewKeyReveal } from './new-key-reveal';

export function ApiKeyManager() {
  const apiKeys = useApiKeys();
  // The admin scope sees and revokes every key (listApiKeys).
  const isAdmin = ROLE_SCOPE[useRole()] === 'admin';
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey>();

  function close() {
    setCreating(false);
    setCreated(undefined);
  }

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          isAdmin
            ? 'Keys for programs that call the API, everyone’s, with who made each. A key is shown once, when it is created.'
            : 'Your keys for programs that call the API (admins see everyone’s). A key is shown once, when it is created.'
        }
        action={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create API key
          </Button>
        }
      />
      <Dialog open={isCreating} onOpenChange={(open) => (open ? setCreating(true) : close())}>
        <DialogContent title={created ? 'Your new API key' : 'Create an API key'}>
          {created ? <NewKeyReveal apiKey={created} onDone={close} /> : <CreateApiKeyForm onCreated={setCreated} onCancel={close} />}
        </DialogContent>
      </Dialog>
      {apiKeys.isPending ? (
        <TableSkeleton columns={API_KEY_COLUMNS} rows={3} label="API keys (loading)" />
      ) : apiKeys.isError ? (
        <LoadError what="API keys" error={apiKeys.error} onRetry={() => void apiKeys.refetch()} isRetrying={apiKeys.isFetching} />
      ) : apiKeys.data.length === 0 ? (
        <TableCard>
          <EmptyState
            icon={<KeyRound aria-hidden />}
            title="No API keys yet"
            action={
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus aria-hidden />
                Create the first key
              </Button>
            }
          >
            Create a key for each program that calls the API, so you can revoke one without the others.
          </EmptyState>
        </TableCard>
      ) : (
        <ApiKeyTables apiKeys={apiKeys.data} />
      )}
    </>
  );
}
