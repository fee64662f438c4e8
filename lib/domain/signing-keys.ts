// The keys the service signs with (drizzle/0022, signing_keys): made at random the
// first time one is needed, by whichever instance comes first (the others read it), and
// then kept by each process (lib/process-state.ts). Deleting a key's row, and restarting
// the instances, replaces it: what it signed stops being valid.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signingKeys } from '../db/schema';
import { processState } from '../process-state';

const loaded = processState('signingKeys', () => new Map<string, Promise<Buffer>>());

/** The key named `name`: 32 random bytes, the same on every instance over this database. */
export function signingKey(database: Database, name: string): Promise<Buffer> {
  let key = loaded.get(name);
  if (!key) {
    key = readOrMake(database, name);
    // A failure (the database away) is not kept: the next request tries again.
    key.catch(() => loaded.delete(name));
    loaded.set(name, key);
  }
  return key;
}

async function readOrMake(database: Database, name: string): Promise<Buffer> {
  await database
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await database.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
  return Buffer.from(row!.secret);
}
