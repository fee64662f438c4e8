// `npm run bench:drivers`: the app's hot queries (lib/domain/pets.ts: a page of the
// list, a pet by id, a create) through drizzle on the `postgres` driver the app
// uses and on node-postgres (`pg`), in one process, with the app's pool size
// and the HTTP bench's 50 requests in flight. Rounds alternate between the two
// drivers so that drift on the machine hits both alike. Prints a markdown table
// of queries per second, latency and client CPU per query; the decision it
// informs is in docs/PERFORMANCE.md ("Which PostgreSQL driver").
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import pg from 'pg';
import type postgres from 'postgres';
import type { Database } from '../lib/db/client';
import { openPostgresPool } from '../lib/db/postgres-pool';
import * as schema from '../lib/db/schema';
import { createPet, getPet, listPets } from '../lib/domain/pets';
import { prepareDatabase, removeBenchRows } from './catalogue';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    pets: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '50' },
    'pool-size': { type: 'string', default: '10' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const POOL_SIZE = Number(args['pool-size']);

type Driver = { name: string; database: Database; close: () => Promise<void> };

function openPostgresJs(url: string): Driver {
  // The app's own pool (lib/db/postgres-pool.ts): prepared statements, a lone query pipelined behind at most one other.
  const pool = openPostgresPool(url, POOL_SIZE, url, 'none');
  const database = drizzlePostgresJs(pool.client as unknown as postgres.Sql, { schema });
  return { name: `postgres ${packageVersion('postgres')}`, database, close: pool.end };
}

function openNodePostgres(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // The domain functions are written against drizzle's query builder, which is the same for both drivers.
  const database = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  return { name: `pg ${packageVersion('pg')}`, database, close: () => pool.end() };
}

// Read from the installed package (postgres's exports do not include its package.json).
const packageVersion = (name: string): string => (JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

type Query = { name: string; run: (database: Database) => Promise<unknown> };

function queries(maxPetId: number): Query[] {
  const randomId = () => BigInt(1 + Math.floor(Math.random() * maxPetId));
  return [
    { name: 'list (20 pets)', run: (database) => listPets(database, { limit: 20, sort: 'id' }) },
    { name: 'getPet', run: (database) => getPet(database, randomId()) },
    { name: 'createPet', run: (database) => createPet(database, { name: 'Bench driver', categoryId: 1, status: 'available' }) },
  ];
}

type Sample = { count: number; cpuMicros: number; latencies: number[]; elapsedMs: number };

async function measure(driver: Driver, query: Query, durationMs: number): Promise<Sample> {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await query.run(driver.database);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { count: latencies.length, cpuMicros: cpu.user + cpu.system, latencies, elapsedMs: performance.now() - started };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

function summarise(samples: Sample[]) {
  const count = samples.reduce((sum, sample) => sum + sample.count, 0);
  const elapsedMs = samples.reduce((sum, sample) => sum + sample.elapsedMs, 0);
  const latencies = samples.flatMap((sample) => sample.latencies).sort((left, right) => left - right);
  return {
    perSecond: (count / elapsedMs) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuPerQuery: samples.reduce((sum, sample) => sum + sample.cpuMicros, 0) / count,
  };
}

async function main() {
  const bench = await prepareDatabase(Number(args.pets), { fresh: false });
  const drivers = [openPostgresJs(bench.url), openNodePostgres(bench.url)];
  const rows: string[] = [];
  try {
    for (const query of queries(bench.maxSeededPetId)) {
      const samples = new Map<string, Sample[]>(drivers.map((driver) => [driver.name, []]));
      for (const driver of drivers) await measure(driver, query, 2_000); // warm-up: connections, prepared statements, JIT
      for (let round = 0; round < ROUNDS; round++) {
        // A, B then B, A: neither driver always goes first.
        const order = round % 2 === 0 ? drivers : [...drivers].reverse();
        for (const driver of order) samples.get(driver.name)!.push(await measure(driver, query, DURATION_MS));
      }
      const [app, other] = drivers.map((driver) => summarise(samples.get(driver.name)!));
      for (const [driver, result] of [
        [drivers[0]!, app!],
        [drivers[1]!, other!],
      ] as const) {
        const ratio = (result.perSecond / app!.perSecond).toFixed(2);
        const cpuRatio = (result.cpuPerQuery / app!.cpuPerQuery).toFixed(2);
        rows.push(
          `| ${query.name} | ${driver.name} | ${Math.round(result.perSecond)} | ${ratio} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${Math.round(result.cpuPerQuery)} | ${cpuRatio} |`,
        );
      }
      console.error(`${query.name}: done`);
    }
  } finally {
    await Promise.all(drivers.map((driver) => driver.close()));
    await removeBenchRows(bench);
  }
  console.log(
    `${bench.pets.toLocaleString('en')} pets, pool ${POOL_SIZE}, ${CONCURRENCY} in flight, ${ROUNDS} rounds of ${DURATION_MS / 1000} s per driver, alternating; Node ${process.version}\n`,
  );
  console.log('| query | driver | queries/s | × postgres | p50 ms | p99 ms | client CPU µs/query | × postgres |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|');
  for (const row of rows) console.log(row);
}

await main();
