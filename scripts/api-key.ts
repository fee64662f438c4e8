// `npm run api-key -- create|list|revoke`: manage API keys from the command line.
import { parseArgs } from 'node:util';
import type { Scope } from '../lib/domain/api-key-check';
import { createApiKey, listApiKeys, revokeApiKey } from '../lib/domain/api-keys';
import { scopesFor } from '../lib/contract/api-keys';
import { NewApiKey } from '../lib/contract/api-keys';
import { db } from '../lib/db/client';
import { migrateDatabase } from '../lib/db/migrate';
import { runCommand, UsageError } from './cli';

const USAGE = `Usage:
  npm run api-key -- create --name NAME [--scope read|write] [--expires-in 30d|12h|45m]
  npm run api-key -- list
  npm run api-key -- revoke ID`;

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseDuration(text: string): number {
  const match = /^([1-9][0-9]*)([mhd])$/.exec(text);
  if (!match) throw new UsageError(`--expires-in must look like 30d, 12h or 45m (got "${text}")`);
  return Number(match[1]) * DURATION_UNITS[match[2]!]!;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, scope: { type: 'string', default: 'write' }, 'expires-in': { type: 'string' } },
  });
  const [command, argument] = positionals;
  if (command === 'create') {
    if (values.name === undefined) throw new UsageError('create needs --name NAME');
    // The rule every key's name follows, through the API or here.
    const name = NewApiKey.shape.name.safeParse(values.name);
    if (!name.success) throw new UsageError(`--name ${name.error.issues[0]?.message ?? 'is not a valid name'}`);
    if (values.scope !== 'read' && values.scope !== 'write') throw new UsageError('--scope must be read or write');
    const expiresIn = values['expires-in'];
    const expiresAt = expiresIn ? new Date(Date.now() + parseDuration(expiresIn)) : null;
    await migrateDatabase();
    const { apiKey, secret } = await createApiKey(await db(), {
      name: name.data,
      scopes: scopesFor(values.scope as Scope),
      expiresAt,
    });
    console.error(
      `Created API key ${apiKey.id} "${apiKey.name}" (scopes: ${apiKey.scopes.join(', ')}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''}).`,
    );
    console.error('This is the only time the key is shown; store it now:');
    console.log(secret);
    return;
  }
  if (command === 'list') {
    await migrateDatabase();
    const keys = await listApiKeys(await db());
    console.table(
      keys.map((key) => ({
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        scopes: key.scopes.join(','),
        madeBy: key.madeBy === 'user' ? (key.makerEmail ?? 'a deleted user') : key.madeBy,
        created: key.createdAt.toISOString(),
        expires: key.expiresAt?.toISOString() ?? '',
        lastUsed: key.lastUsedAt?.toISOString() ?? '',
        revoked: key.revokedAt?.toISOString() ?? '',
      })),
    );
    return;
  }
  if (command === 'revoke') {
    const id = Number(argument);
    if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('revoke needs the numeric ID shown by list');
    await migrateDatabase();
    if (!(await revokeApiKey(await db(), id, new Date()))) throw new UsageError(`No API key has id ${id}`);
    console.error(`Revoked API key ${id}.`);
    return;
  }
  throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
}

await runCommand(() => main(process.argv.slice(2)), USAGE);
