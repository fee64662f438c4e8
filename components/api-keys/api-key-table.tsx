'use client';
// ApiKeyTable: every key made by hand (not the dashboard's session keys), its
// state at a glance, and the way to revoke it.
import type { ApiKey } from '@/lib/contract/api-keys';
import { formatDateTime } from '../format';
import { Badge } from '../ui/badge';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { RevokeKeyButton } from './revoke-key-button';

export const API_KEY_COLUMNS = [
  { title: 'Name' },
  { title: 'Prefix' },
  { title: 'Scope' },
  { title: 'Created' },
  { title: 'Expires' },
  { title: 'Last used' },
  { title: 'Revoked' },
  { title: 'Actions', className: 'text-right', isTitleHidden: true },
];

function isExpired(apiKey: ApiKey): boolean {
  return apiKey.expiresAt !== undefined && new Date(apiKey.expiresAt).getTime() <= Date.now();
}

export function ApiKeyTable({ apiKeys }: { apiKeys: ApiKey[] }) {
  return (
    <TableCard>
      <Table aria-label="API keys">
        <TableHead columns={API_KEY_COLUMNS} />
        <tbody>
          {apiKeys.map((apiKey) => {
            const isActive = !apiKey.revokedAt && !isExpired(apiKey);
            return (
              <Tr key={apiKey.id} className={isActive ? undefined : 'text-zinc-500 dark:text-zinc-400'}>
                <Td className="font-medium">{apiKey.name}</Td>
                <Td className="font-mono text-xs">{apiKey.prefix}…</Td>
                <Td>
                  <Badge tone={apiKey.scopes.includes('admin') ? 'violet' : apiKey.scopes.includes('write') ? 'blue' : 'zinc'}>
                    {apiKey.scopes.at(-1)}
                  </Badge>
                </Td>
                <Td>{formatDateTime(apiKey.createdAt)}</Td>
                <Td>{isExpired(apiKey) ? <Badge tone="amber">Expired</Badge> : formatDateTime(apiKey.expiresAt, 'Never')}</Td>
                <Td>{formatDateTime(apiKey.lastUsedAt, 'Never')}</Td>
                <Td>{apiKey.revokedAt ? <Badge tone="red">{formatDateTime(apiKey.revokedAt)}</Badge> : '—'}</Td>
                <Td className="text-right">{apiKey.revokedAt ? null : <RevokeKeyButton apiKey={apiKey} />}</Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </TableCard>
  );
}
