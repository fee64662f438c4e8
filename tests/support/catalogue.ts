// Reads the whole catalogue (every pet, every order) through the API and
// fingerprints it, so a test can prove that rejected requests changed nothing.
import { createHash } from 'node:crypto';
import { linkTarget } from '@/lib/client/link-header';

export async function readAll(baseUrl: string, apiKey: string, path: '/v1/pets' | '/v1/store/orders'): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let next: string | null = `${path}?limit=100`;
  while (next) {
    const response: Response = await fetch(`${baseUrl}${next}`, { headers: { authorization: `Bearer ${apiKey}` } });
    if (response.status !== 200) throw new Error(`GET ${next}: ${response.status} ${await response.text()}`);
    items.push(...((await response.json()) as Record<string, unknown>[]));
    next = linkTarget(response.headers.get('link'), 'next') ?? null;
  }
  return items;
}

export type Snapshot = { pets: number; orders: number; checksum: string; petRows: Record<string, unknown>[]; orderRows: Record<string, unknown>[] };

export async function snapshot(baseUrl: string, apiKey: string): Promise<Snapshot> {
  const petRows = await readAll(baseUrl, apiKey, '/v1/pets');
  const orderRows = await readAll(baseUrl, apiKey, '/v1/store/orders');
  return { pets: petRows.length, orders: orderRows.length, checksum: checksum(petRows, orderRows), petRows, orderRows };
}

function checksum(petRows: unknown[], orderRows: unknown[]): string {
  return createHash('sha256').update(JSON.stringify({ petRows, orderRows })).digest('hex');
}
