// The bench database: petstore_bench_<pets> on the PostgreSQL server of
// BENCH_POSTGRES_URL (default: the local one), migrated, then seeded in SQL with
// generate_series (a million pets take seconds). A database already seeded at
// that size is reused. With DATABASE_URL set, that database is used as it is
// (seeded only if it has no pets). A bench database migrated by another
// checkout (a migration this one does not have) is made again from scratch.
// The app-nolog target gets a copy with the activity triggers disabled, and
// app-copy, its control, a copy as it is. The first pets get a photo each (bench/photos.ts).
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { ensureBenchPhotos } from './photos';

const SEED_VERSION = 1;
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase = { name: string; url: string; pets: number; orders: number; maxSeededPetId: number; maxActivityId: number };

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function prepareDatabase(pets: number, options: { fresh: boolean }): Promise<BenchDatabase> {
  const givenUrl = process.env.DATABASE_URL;
  const name = givenUrl ? new URL(givenUrl).pathname.slice(1) : `petstore_bench_${pets}`;
  const url = givenUrl ?? databaseUrl(name);
  if (!givenUrl) {
    await withClient(SERVER_URL, async (sql) => {
      const [found] = await sql`select 1 from pg_database where datname = ${name}`;
      const remake = Boolean(found) && (options.fresh || (await hasForeignMigrations(databaseUrl(name))));
      if (remake) await sql.unsafe(`drop database ${name} with (force)`);
      if (!found || remake) await sql.unsafe(`create database ${name}`);
    });
  }
  await withClient(url, async (sql) => {
    await migrate(drizzle(sql), { migrationsFolder: 'drizzle' });
    await sql`create table if not exists bench_catalogue (pets bigint not null, seed_version int not null)`;
    const [seeded] = await sql`select pets, seed_version from bench_catalogue`;
    const [{ count } = { count: 0 }] = await sql`select count(*)::int as count from (select 1 from pets limit 1) as any_pet`;
    const isCurrent = seeded && Number(seeded.pets) === pets && seeded.seed_version === SEED_VERSION;
    if (givenUrl ? count > 0 : isCurrent) return;
    if (givenUrl && count === 0 && pets === 0) return;
    console.log(`Seeding ${pets.toLocaleString('en')} pets and their orders into ${name}…`);
    const started = Date.now();
    await seed(sql, pets);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  await withClient(url, (sql) => ensureBenchPhotos(sql, pets));
  return withClient(url, async (sql) => {
    const [row] = await sql`
      select (select count(*) from pets)::int as pets, (select count(*) from orders)::int as orders,
             coalesce((select max(id) from pets), 0)::bigint as max_id, coalesce((select max(id) from activity), 0)::bigint as max_activity_id`;
    return { name, url, pets: row!.pets, orders: row!.orders, maxSeededPetId: Number(row!.max_id), maxActivityId: Number(row!.max_activity_id) };
  });
}

/** Whether the database holds a migration that drizzle/ here does not know. */
async function hasForeignMigrations(url: string): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: { when: number }[] };
  const known = new Set(journal.entries.map((entry) => String(entry.when)));
  return withClient(url, async (sql) => {
    const [table] = await sql`select to_regclass('drizzle.__drizzle_migrations') as name`;
    if (!table?.name) return false;
    const applied = await sql<{ created_at: string }[]>`select created_at::text from drizzle.__drizzle_migrations`;
    return applied.some((row) => !known.has(row.created_at));
  });
}

// Statuses cycle through NULL (none given), available, pending, sold; every
// pending pet has a placed order and every sold pet a delivered one, as the
// order rules would have left them.
async function seed(sql: postgres.Sql, pets: number): Promise<void> {
  await sql.begin(async (transaction) => {
    await transaction`set local synchronous_commit = off`;
    await transaction`truncate orders, pet_tags, pets, bench_catalogue restart identity`;
    await transaction`
      insert into pets (name, category_id, status, created_at)
      select 'Pet ' || g, 1 + g % 50,
             (array[null, 'available', 'pending', 'sold'])[1 + g % 4]::pet_status,
             now() - (${pets} - g) * interval '1 second'
      from generate_series(1, ${pets}::int) as g`;
    await transaction`
      insert into orders (pet_id, quantity, status, ship_date, created_at)
      select g, 1 + g % 3,
             (case when g % 4 = 2 then 'placed' else 'delivered' end)::order_status,
             case when g % 4 = 3 then now() - (${pets} - g) * interval '1 second' + interval '2 days' end,
             now() - (${pets} - g) * interval '1 second' + interval '1 hour'
      from generate_series(1, ${pets}::int) as g
      where g % 4 in (2, 3)`;
    await transaction`insert into bench_catalogue values (${pets}, ${SEED_VERSION})`;
  });
  await sql`vacuum analyze pets`;
  await sql`vacuum analyze orders`;
}

/**
 * Removes what the createPet scenario added and gives back the names updatePet changed, then the
 * activity entries of the run, so the next run starts from the same catalogue and log.
 */
export async function removeBenchRows(database: BenchDatabase): Promise<void> {
  if (process.env.DATABASE_URL) return;
  await withClient(database.url, async (sql) => {
    await sql`delete from pets where id > ${database.maxSeededPetId} and not exists (select 1 from orders where orders.pet_id = pets.id)`;
    await sql`update pets set name = 'Pet ' || id where id <= ${database.maxSeededPetId} and name <> 'Pet ' || id`;
    await sql.begin(async (transaction) => {
      // The log refuses deletes outside prune_activity() (drizzle/0018); the bench, as a superuser, turns triggers off for this one.
      await transaction`set local session_replication_role = replica`;
      await transaction`delete from activity where id > ${database.maxActivityId}`;
    });
    // What the run left dead, vacuumed now rather than whenever autovacuum comes (it may be
    // off, as on the machine of docs/PERFORMANCE.md): the next run starts on tables without it.
    for (const table of ['pets', 'pet_counts', 'activity']) await sql.unsafe(`vacuum analyze ${table}`);
  });
}

/**
 * A copy of the bench database, for the app-nolog target with the activity triggers (drizzle/0011,
 * pets' own from 0015) disabled (the same app and catalogue, without the log), or for app-copy as
 * it is (the control: the same work on a database copied the same way). Dropped by `drop`.
 */
export async function copyOfDatabase(database: BenchDatabase, options: { withActivityLog: boolean }): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${database.name}_${options.withActivityLog ? 'copy' : 'nolog'}`;
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  const admin = new URL(database.url);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), async (sql) => {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name} template ${database.name} strategy file_copy`);
  });
  if (!options.withActivityLog) await disableActivityLog(url.toString());
  return {
    url: url.toString(),
    drop: () => withClient(admin.toString(), (sql) => sql.unsafe(`drop database if exists ${name} with (force)`).then(() => undefined)),
  };
}

async function disableActivityLog(url: string) {
  await withClient(url, async (sql) => {
    const triggers = await sql<{ table: string; trigger: string }[]>`
      select tgrelid::regclass::text as table, tgname as trigger from pg_trigger
      where tgfoid in ('record_activity'::regproc, 'record_pet_activity'::regproc)`;
    if (!triggers.some(({ table }) => table === 'pets')) throw new Error(`${url}: no activity trigger on pets to disable`);
    for (const { table, trigger } of triggers) await sql.unsafe(`alter table ${table} disable trigger "${trigger}"`);
  });
}
