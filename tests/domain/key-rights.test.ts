// The database's rule for what a key may do today (api_key_scopes, drizzle/0018) beside the
// role table the dashboard reads (lib/contract/roles.ts): one table, two readers, which must agree.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '@/lib/domain/api-keys';
import { API_KEY_SCOPES, scopesFor } from '@/lib/contract/api-keys';
import { ROLE_SCOPE, ROLES } from '@/lib/contract/roles';
import type { Database } from '@/lib/db/client';
import { createUser } from '@/lib/domain/users';
import { openMemoryDatabase } from '../support/memory-database';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await openMemoryDatabase());
});
afterAll(() => close());

const scopesOf = async (keyId: number) => {
  const rows = (await database.execute(sql`select api_key_scopes(${keyId}) as scopes`)) as unknown as { rows?: { scopes: string[] }[] } & {
    scopes: string[];
  }[];
  return (rows.rows ?? rows)[0]!.scopes;
};

describe('what a key may do today', () => {
  it.each(ROLES)("holds a %s's key to the role's scopes, whatever it was made with", async (role) => {
    const user = (await createUser(database, { email: `${role}@key-rights.test`, password: 'long enough', role }))!;
    const { apiKey } = await createApiKey(database, { name: `${role} key`, scopes: [...API_KEY_SCOPES], userId: user.id, madeBy: 'user' });
    expect(await scopesOf(apiKey.id)).toEqual(scopesFor(ROLE_SCOPE[role]));
  });

  it('never gives a key made by the CLI the admin scope', async () => {
    const { apiKey } = await createApiKey(database, { name: 'cli key', scopes: [...API_KEY_SCOPES] });
    expect(await scopesOf(apiKey.id)).toEqual(['read', 'write']);
  });
});
