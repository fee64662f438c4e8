// The typed client for server components: the same /v1 the browser calls, with
// the signed-in session's key, reached at this process's own address (the
// origin a browser used may be a proxy's, which this server cannot reach).
import { headers } from 'next/headers';
import { requireSession } from '../auth/session';
import { PetstoreClient } from './api-client';

async function ownOrigin(): Promise<string> {
  // server.mjs sets it once listening; `next dev` and `next start` run without it.
  return process.env.PETSTORE_SELF_URL ?? `http://${(await headers()).get('host')}`;
}

export async function serverApiClient(): Promise<PetstoreClient> {
  const session = await requireSession();
  return new PetstoreClient({ baseUrl: await ownOrigin(), apiKey: session.apiKey });
}
