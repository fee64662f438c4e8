// API keys in states the bootstrap key cannot show (read-only, expired,
// revoked), made with lib/api-keys straight in the test database.
import type { Scope } from '@/lib/domain/api-key-check';
import { createApiKey, revokeApiKey } from '@/lib/domain/api-keys';
import { serverWithData, type SeededServer } from './seeded-server';

export type KeySpec = { scopes: Scope[]; expiresAt?: Date; revoked?: boolean };

export async function serverWithKeys<Names extends string>(specs: Record<Names, KeySpec>): Promise<SeededServer<Record<Names, string>>> {
  return serverWithData(async (database) => {
    const keys = {} as Record<Names, string>;
    for (const [name, spec] of Object.entries(specs) as [Names, KeySpec][]) {
      const { apiKey, secret } = await createApiKey(database, { name: `test ${name}`, scopes: spec.scopes, expiresAt: spec.expiresAt });
      if (spec.revoked) await revokeApiKey(database, apiKey.id, new Date());
      keys[name] = secret;
    }
    return keys;
  });
}
