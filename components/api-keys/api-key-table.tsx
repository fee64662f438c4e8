'use client';
// ApiKeyTables: every key made by hand (not the dashboard's session keys). The
// live ones first, with the way to revoke each; below them, in a section of
// their own, the revoked and expired ones, each with when it ended and why.
import type { ApiKey, ApiKeyRevokeReason } from '@/lib/contract/api-keys';
import { DateTimeCell } from '../date-time-cell';
import { Badge } from '../ui/badge';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { RevokeKeyButton } from './revoke-key-button';

export const API_KEY_COLUMNS = [
  { title: 'Name' },
  { title: 'Scope' },
  { title: 'Made by' },
  { title: 'Created' },
  { title: 'Expires' },
  { title: 'Last used' },
  { title: 'Actions', className: 'text-right', isTitleHidden: true },
];

const ENDED_KEY_COLUMNS = [{ title: 'Name' }, { title: 'Scope' }, { title: 'Made by' }, { title: 'Ended' }, { title: 'Why' }];

/** Why a key stopped, in words (who revoked it comes beside, when the activity log still says). */
const REVOKE_REASONS: Record<ApiKeyRevokeReason, string> = {
  revoked: 'Revoked',
  'signed-out': 'Revoked at sign-out',
  'signed-out-everywhere': 'Revoked when its user signed out everywhere',
  'password-changed': 'Revoked when its user changed their password',
  'password-reset': 'Revoked when its user’s password was reset',
  'role-changed': 'Revoked: beyond its user’s new role',
  disabled: 'Revoked when its user was disabled',
  deleted: 'Revoked when its user was deleted',
};

function isExpired(apiKey: ApiKey): boolean {
  return apiKey.expiresAt !== undefined && new Date(apiKey.expiresAt).getTime() <= Date.now();
}

function madeBy(apiKey: ApiKey): string {
  const maker = apiKey.madeBy;
  if (!maker) return '—';
  if (maker.kind === 'user') return maker.email ?? 'a deleted user';
  return { cli: 'the CLI', bootstrap: 'the bootstrap key', config: 'configuration (bootstrap key)' }[maker.kind];
}

function ScopeBadge({ apiKey }: { apiKey: ApiKey }) {
  return <Badge tone={apiKey.scopes.includes('admin') ? 'violet' : apiKey.scopes.includes('write') ? 'blue' : 'zinc'}>{apiKey.scopes.at(-1)}</Badge>;
}

// Names may be long: they wrap between words (the ! beats Td's nowrap) rather than widen the table.
const NAME_CELL = 'max-w-40 min-w-28 font-medium whitespace-normal! wrap-break-word';
// Narrower cell padding, and the prefix under the name, keep the columns a table in a 1280 px window (the card stacks them when they do not fit).
const DENSE = '[&_td]:px-3 [&_th]:px-3';

/** The key's name, and under it its first characters; in a stacked row both stay in the value's column. */
function NameCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Td className={NAME_CELL}>
      {apiKey.name}
      <span className="col-start-2 block font-mono text-xs font-normal text-zinc-500 dark:text-zinc-400">{apiKey.prefix}…</span>
    </Td>
  );
}

export function ApiKeyTables({ apiKeys }: { apiKeys: ApiKey[] }) {
  const live = apiKeys.filter((apiKey) => !apiKey.revokedAt && !isExpired(apiKey));
  const ended = apiKeys.filter((apiKey) => apiKey.revokedAt || isExpired(apiKey));
  return (
    <div className="space-y-8">
      <section aria-labelledby="live-keys" className="space-y-3">
        <h2 id="live-keys" className="text-base font-semibold">
          Live keys <span className="font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({live.length})</span>
        </h2>
        {live.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No key works now: every one was revoked or has expired.</p>
        ) : (
          <LiveKeyTable apiKeys={live} />
        )}
      </section>
      {ended.length > 0 && (
        <section aria-labelledby="ended-keys" className="space-y-3">
          <h2 id="ended-keys" className="text-base font-semibold">
            Revoked and expired keys <span className="font-normal text-zinc-600 tabular-nums dark:text-zinc-400">({ended.length})</span>
          </h2>
          <EndedKeyTable apiKeys={ended} />
        </section>
      )}
    </div>
  );
}

function LiveKeyTable({ apiKeys }: { apiKeys: ApiKey[] }) {
  return (
    <TableCard className={DENSE}>
      <Table aria-label="API keys">
        <TableHead columns={API_KEY_COLUMNS} />
        <tbody>
          {apiKeys.map((apiKey) => (
            <Tr key={apiKey.id}>
              <NameCell apiKey={apiKey} />
              <Td>
                <ScopeBadge apiKey={apiKey} />
              </Td>
              <Td className="max-w-32 whitespace-normal! wrap-break-word">{madeBy(apiKey)}</Td>
              <Td>
                <DateTimeCell iso={apiKey.createdAt} />
              </Td>
              <Td>
                <DateTimeCell iso={apiKey.expiresAt} fallback="Never" />
              </Td>
              <Td>
                <DateTimeCell iso={apiKey.lastUsedAt} fallback="Never" />
              </Td>
              <Td className="text-right">
                {apiKey.madeBy?.kind === 'config' ? (
                  <span className="inline-block max-w-32 text-xs whitespace-normal">Set in configuration: cannot be revoked here</span>
                ) : (
                  <RevokeKeyButton apiKey={apiKey} />
                )}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}

function EndedKeyTable({ apiKeys }: { apiKeys: ApiKey[] }) {
  return (
    <TableCard className={DENSE}>
      <Table aria-label="Revoked and expired keys">
        <TableHead columns={ENDED_KEY_COLUMNS} />
        <tbody>
          {apiKeys.map((apiKey) => (
            <Tr key={apiKey.id} className="text-zinc-600 dark:text-zinc-400">
              <NameCell apiKey={apiKey} />
              <Td>
                <ScopeBadge apiKey={apiKey} />
              </Td>
              <Td className="max-w-32 whitespace-normal! wrap-break-word">{madeBy(apiKey)}</Td>
              <Td>
                <DateTimeCell iso={apiKey.revokedAt ?? apiKey.expiresAt} />
              </Td>
              <Td className="min-w-48 whitespace-normal!">
                {apiKey.revokedAt ? (
                  <>
                    <Badge tone="red">{REVOKE_REASONS[apiKey.revokedReason ?? 'revoked']}</Badge>
                    {apiKey.revokedBy && <span className="col-start-2 mt-1 block text-xs wrap-break-word">by {apiKey.revokedBy}</span>}
                  </>
                ) : (
                  <Badge tone="amber">Expired</Badge>
                )}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}
