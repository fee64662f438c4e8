'use client';
// ApiKeyTable: every key made by hand (not the dashboard's session keys), its
// state at a glance, and the way to revoke it.
import type { ApiKey } from '@/lib/contract/api-keys';
import { splitDateTime } from '../format';
import { Badge } from '../ui/badge';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { RevokeKeyButton } from './revoke-key-button';

export const API_KEY_COLUMNS = [
  { title: 'Name' },
  { title: 'Prefix' },
  { title: 'Scope' },
  { title: 'Made by' },
  { title: 'Created' },
  { title: 'Expires' },
  { title: 'Last used' },
  { title: 'Revoked' },
  { title: 'Actions', className: 'text-right', isTitleHidden: true },
];

// Four date columns of "Nov 26, 2026, 4:33 AM" pushed the Revoke button out of a 1280 px window.
function When({ iso, fallback = '—' }: { iso: string | undefined; fallback?: string }) {
  if (!iso) return fallback;
  const { date, time } = splitDateTime(iso);
  return (
    <time dateTime={iso} className="block leading-tight">
      {date}
      <span className="block text-xs text-zinc-500 dark:text-zinc-400">{time}</span>
    </time>
  );
}

function isExpired(apiKey: ApiKey): boolean {
  return apiKey.expiresAt !== undefined && new Date(apiKey.expiresAt).getTime() <= Date.now();
}

function madeBy(apiKey: ApiKey): string {
  const maker = apiKey.madeBy;
  if (!maker) return '—';
  if (maker.kind === 'user') return maker.email ?? 'a deleted user';
  return { cli: 'the CLI', bootstrap: 'the bootstrap key', config: 'configuration (bootstrap key)' }[maker.kind];
}

export function ApiKeyTable({ apiKeys }: { apiKeys: ApiKey[] }) {
  return (
    // Eight columns: narrower cell padding keeps them a table in a 1280 px window (the card stacks them when they do not fit).
    <TableCard className="[&_td]:px-3 [&_th]:px-3">
      <Table aria-label="API keys">
        <TableHead columns={API_KEY_COLUMNS} />
        <tbody>
          {apiKeys.map((apiKey) => {
            const isActive = !apiKey.revokedAt && !isExpired(apiKey);
            return (
              <Tr key={apiKey.id} className={isActive ? undefined : 'text-zinc-500 dark:text-zinc-400'}>
                {/* Names may be long: they wrap between words (the ! beats Td's nowrap) rather than widen the table. */}
                <Td className="max-w-48 min-w-28 font-medium whitespace-normal! wrap-break-word">{apiKey.name}</Td>
                <Td className="font-mono text-xs">{apiKey.prefix}…</Td>
                <Td>
                  <Badge tone={apiKey.scopes.includes('admin') ? 'violet' : apiKey.scopes.includes('write') ? 'blue' : 'zinc'}>{apiKey.scopes.at(-1)}</Badge>
                </Td>
                <Td className="max-w-40 whitespace-normal! wrap-break-word">{madeBy(apiKey)}</Td>
                <Td>
                  <When iso={apiKey.createdAt} />
                </Td>
                <Td>{isExpired(apiKey) ? <Badge tone="amber">Expired</Badge> : <When iso={apiKey.expiresAt} fallback="Never" />}</Td>
                <Td>
                  <When iso={apiKey.lastUsedAt} fallback="Never" />
                </Td>
                <Td className={apiKey.revokedAt ? 'text-red-700 dark:text-red-400' : undefined}>
                  <When iso={apiKey.revokedAt} />
                </Td>
                <Td className="text-right">
                  {apiKey.revokedAt ? null : apiKey.madeBy?.kind === 'config' ? (
                    <span className="text-xs">Configuration: cannot be revoked here</span>
                  ) : (
                    <RevokeKeyButton apiKey={apiKey} />
                  )}
                </Td>
              </Tr>
            );
          })}
        </tbody>
      </Table>
    </TableCard>
  );
}
