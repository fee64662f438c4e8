// Times every combination of the list's filters and sorts (with and without a
// cursor) and of the counts' filters, in-process through lib/domain/pets.ts, on a
// database of 1,000,000 pets (tests/support/million-pets.ts: a clone of the
// template, built first if needed), and prints the slowest. The figures of
// docs/PERFORMANCE.md, "Searches at 1,000,000 pets".
//   npx tsx bench/search-combinations.ts
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { PetCountsQuery, PetSort } from '../lib/contract/pets';
import type { Database } from '../lib/db/client';
import * as schema from '../lib/db/schema';
import { countPets, listPets, type ListPetsOptions } from '../lib/domain/pets';
import { SEARCH_COMBINATIONS } from '../tests/support/search-combinations';
import { cloneOfMillionPets, millionPetTemplate } from '../tests/support/million-pets';

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function main() {
  const clone = await cloneOfMillionPets(await millionPetTemplate());
  const client = postgres(clone.url, { max: 1, onnotice: () => {} });
  const database = drizzle(client, { schema }) as unknown as Database;
  const rows: { ms: number; what: string }[] = [];
  try {
    for (const { filters, sort } of SEARCH_COMBINATIONS) {
      if (!sort) {
        const [ms] = await timed(() => countPets(database, filters as PetCountsQuery));
        rows.push({ ms, what: `counts ${JSON.stringify(filters)}` });
        continue;
      }
      const options = { ...filters, sort: sort as PetSort, limit: 20 } as ListPetsOptions;
      const [ms, page] = await timed(() => listPets(database, options));
      rows.push({ ms, what: `list ${JSON.stringify(options)}` });
      // Past the first page, or from the middle of the order when there is none.
      const cursor = page.nextCursor ?? { sort: options.sort, id: 500_000, key: sort.endsWith('name') ? 'M' : undefined };
      const [afterMs] = await timed(() => listPets(database, { ...options, cursor }));
      rows.push({ ms: afterMs, what: `list ${JSON.stringify({ ...options, cursor })}` });
    }
  } finally {
    await client.end({ timeout: 5 });
    await clone.drop();
  }
  rows.sort((a, b) => b.ms - a.ms);
  for (const row of rows.slice(0, 20)) console.log(`${row.ms.toFixed(1).padStart(8)} ms  ${row.what}`);
  const over = (ms: number) => rows.filter((row) => row.ms > ms).length;
  console.log(`${rows.length} combinations; over 300 ms: ${over(300)}, over 100 ms: ${over(100)}, over 50 ms: ${over(50)}`);
}

await main();
