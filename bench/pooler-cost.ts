// `npx tsx bench/pooler-cost.ts`: what PgBouncer (transaction pooling, as
// deploy/pgbouncer.ini runs it) adds to one query, measured in isolation: the
// same key lookup the app makes on every cache miss, one at a time, directly
// and through the pooler, in alternating blocks so that a loaded machine
// weighs on both alike. Needs PostgreSQL at 127.0.0.1:5432 and pgbouncer.
import postgres from 'postgres';
import { startPgBouncer } from '../scripts/fleet/pgbouncer';

const BLOCKS = 10;
const QUERIES_PER_BLOCK = 500;

const direct = 'postgres://postgres@127.0.0.1:5432/postgres';
const pgbouncer = await startPgBouncer({ postgresHost: '127.0.0.1', postgresPort: 5432 });
// As the app: prepared statements directly, unnamed ones through the pooler.
const clients = {
  direct: postgres(direct, { max: 1, onnotice: () => {} }),
  pgbouncer: postgres(pgbouncer.urlFor('postgres'), { max: 1, prepare: false, onnotice: () => {} }),
};
const samples: Record<keyof typeof clients, number[]> = { direct: [], pgbouncer: [] };
try {
  for (const client of Object.values(clients)) await client`select 1`;
  for (let block = 0; block < BLOCKS; block++) {
    for (const [name, client] of Object.entries(clients) as [keyof typeof clients, postgres.Sql][]) {
      for (let index = 0; index < QUERIES_PER_BLOCK; index++) {
        const started = performance.now();
        await client`select oid, typname from pg_type where typname = ${`int${(index % 3) * 2 + 2}`}`;
        samples[name].push(performance.now() - started);
      }
    }
  }
} finally {
  await Promise.all(Object.values(clients).map((client) => client.end()));
  await pgbouncer.destroy();
}
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
for (const name of Object.keys(samples) as (keyof typeof samples)[]) {
  console.log(
    `${name.padEnd(9)} p50 ${(quantile(samples[name], 0.5) * 1000).toFixed(0)} µs  p90 ${(quantile(samples[name], 0.9) * 1000).toFixed(0)} µs  (${samples[name].length} queries)`,
  );
}
const added = quantile(samples.pgbouncer, 0.5) - quantile(samples.direct, 0.5);
console.log(`PgBouncer adds ${(added * 1000).toFixed(0)} µs per query at the median`);
