// A PostgreSQL template database of 1,000,000 pets, and a PGlite data directory
// of fewer, for the searches at scale (tests/timing-alone/search-at-scale.test.ts).
// Each is built once per set of migrations (its name carries their hash) and
// kept between runs; a test clones the template with CREATE DATABASE …
// TEMPLATE, which copies files instead of inserting.
// Statuses and categories are spread as the bench's catalogue spreads them
// (bench/catalogue.ts: status by id % 4, category 1 + id % 50, so a category
// holds only two of the statuses); names are pet names, many shared, some with
// a second word or a number, as a shelter's would be. Tags (TAG_SHARES) run from
// half the pets to a hundred of them: every even id is vaccinated, so vaccinated
// pets are pending or have no status and category 7 holds only vaccinated ones.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { ADMIN_URL } from './server';

const MILLION = 1_000_000;

const FIRST_NAMES = [
  'Bella',
  'Max',
  'Luna',
  'Charlie',
  'Lucy',
  'Cooper',
  'Daisy',
  'Milo',
  'Bailey',
  'Rocky',
  'Molly',
  'Buddy',
  'Sadie',
  'Tucker',
  'Maggie',
  'Bear',
  'Stella',
  'Duke',
  'Chloe',
  'Oliver',
  'Penny',
  'Leo',
  'Zoe',
  'Teddy',
  'Coco',
  'Rex',
  'Ruby',
  'Winston',
  'Rosie',
  'Jack',
  'Gracie',
  'Oscar',
  'Pepper',
  'Toby',
  'Lola',
  'Louie',
  'Sophie',
  'Murphy',
  'Nala',
  'Finn',
  'Ginger',
  'Riley',
  'Willow',
  'Gus',
  'Roxy',
  'Henry',
  'Piper',
  'Zeus',
  'Abby',
  'Jax',
  'Honey',
  'Apollo',
  'Olive',
  'Bentley',
  'Hazel',
  'Ziggy',
  'Mocha',
  'Simba',
  'Cleo',
  'Oreo',
  'Pumpkin',
  'Shadow',
  'Smokey',
  'Tiger',
  'Misty',
  'Patches',
  'Felix',
  'Whiskers',
  'Kiki',
  'Peanut',
  'Biscuit',
  'Pickles',
  'Nugget',
  'Waffles',
  'Sprinkles',
  'Mango',
  'Kiwi',
  'Pebbles',
  'Thor',
  'Loki',
  'Freya',
  'Athena',
  'Juniper',
  'Maple',
  'Sunny',
  'Storm',
  'Rusty',
  'Sandy',
  'Dusty',
  'Benji',
  'Frankie',
  'Reggie',
  'Remy',
  'Rene',
  'Andre',
  'Pierre',
  'Fred',
  'Greta',
  'Theo',
  'Wren',
];
const SECOND_WORDS = ['Jr', 'the Great', 'Blue', 'Star', 'Belle', 'Von Paws', 'II', 'Sweetpea', 'Boots', 'Sky', 'Moon', 'Fluff'];

const sqlList = (words: string[]) => `array[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(', ')}]`;

// Which pets have each tag, in the tags' order (a pet's tags are sorted: lib/domain/tags.ts):
// 1%, 10%, 100 pets, 10% (never with puppy), 50%.
const TAG_SHARES: [tag: string, when: string][] = [
  ['needs a home', 'abs(hashint8(g * 5)) % 100 = 0'],
  ['puppy', 'abs(hashint8(g * 3)) % 10 = 0'],
  ['rare', 'g % 10000 = 0'],
  ['senior', 'abs(hashint8(g * 3)) % 10 = 1'],
  ['vaccinated', 'g % 2 = 0'],
];

// Every third pet has a second word, every seventh a number (1 to 999): the names repeat, as real
// ones do. The words are picked by a hash of the id, so a name says nothing of its status or category.
const seedPets = (count: number) => `
  insert into pets (name, category_id, status, created_at, updated_at, tags)
  select (${sqlList(FIRST_NAMES)})[1 + abs(hashint8(g)) % ${FIRST_NAMES.length}]
           || case when g % 3 = 0 then ' ' || (${sqlList(SECOND_WORDS)})[1 + abs(hashint8(-g)) % ${SECOND_WORDS.length}] else '' end
           || case when g % 7 = 0 then ' ' || (1 + abs(hashint8(g + ${MILLION})) % 999) else '' end,
         1 + g % 50,
         (array[null, 'available', 'pending', 'sold'])[1 + g % 4]::pet_status,
         now(), now(),
         array_remove(array[${TAG_SHARES.map(([tag, when]) => `case when ${when} then '${tag}' end`).join(', ')}], null)
  from generate_series(1::bigint, ${count}) as g`;

// The tags, and pet_tags as the trigger (off while seeding) would have written it.
const seedTags = [
  `insert into tags (name, key) select tag, tag from unnest(${sqlList(TAG_SHARES.map(([tag]) => tag))}) as tag`,
  'insert into pet_tags (pet_id, tag_id) select pets.id, tags.id from pets cross join lateral unnest(pets.tags) as tag join tags on tags.name = tag',
];

/**
 * Seeds `count` pets into a migrated database through `run` (one statement at a
 * time, in one transaction): the pets' and pet_tags' indexes are dropped first and built once
 * after the rows, far cheaper than a million insertions into each; triggers are
 * off (no activity entries, no notifications) and the counters of drizzle/0007
 * are set after.
 */
async function seedCatalogue(run: (statement: string) => Promise<Record<string, unknown>[]>, count: number): Promise<void> {
  const indexes = (await run(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'pets' and indexname <> 'pets_pkey'`)) as {
    name: string;
    definition: string;
  }[];
  await run('begin');
  await run('set local session_replication_role = replica');
  await run(`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await run(`drop index ${index.name}`);
  await run(seedPets(count));
  for (const statement of seedTags) await run(statement);
  for (const index of indexes) await run(index.definition);
  await run('update pet_counts set count = 0');
  await run(`
    update pet_counts set count = counted.count
    from (select coalesce(status::text, 'none') as status, count(*) as count from pets group by 1) as counted
    where pet_counts.status = counted.status and pet_counts.shard = 0`);
  await run('commit');
  await run('vacuum analyze pets');
  await run('vacuum analyze pet_tags');
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the migrations and the seeding are: a template made by other ones is another template. */
function templateName(): string {
  const folder = path.join(process.cwd(), 'drizzle');
  const hash = createHash('sha256').update(seedPets(MILLION)).update(seedTags.join(';'));
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort())
    hash.update(fs.readFileSync(path.join(folder, file)));
  return `petstore_million_${hash.digest('hex').slice(0, 12)}`;
}

async function withAdmin<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The template's name, built first if this server has none for these migrations (10 s on a quiet machine). */
export async function millionPetTemplate(): Promise<string> {
  const name = templateName();
  const found = await withAdmin((sql) => sql`select 1 from pg_database where datname = ${name}`);
  if (found.length > 0) return name;
  const building = `${name}_building_${randomBytes(3).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`create database ${building}`));
  const sql = postgres(urlOf(building), { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(sql), { migrationsFolder: 'drizzle' });
    await seedCatalogue((statement) => sql.unsafe(statement), MILLION);
  } catch (error) {
    await sql.end({ timeout: 5 });
    await withAdmin((admin) => admin.unsafe(`drop database if exists ${building} with (force)`));
    throw error;
  }
  await sql.end({ timeout: 5 });
  await withAdmin(async (admin) => {
    // Another run may have finished the same template meanwhile: the first one stays.
    const [again] = await admin`select 1 from pg_database where datname = ${name}`;
    if (again) return admin.unsafe(`drop database ${building}`);
    await admin.unsafe(`alter database ${building} rename to ${name}`);
  });
  return name;
}

/**
 * A PGlite data directory of `count` pets (as PGlite's tar), kept in the system's
 * temporary folder under a name that carries the migrations' hash, built first if
 * missing; unpackTemplate (pglite-template.ts) makes a folder of it for a server.
 */
export async function pgliteCatalogue(count: number): Promise<string> {
  const file = path.join(os.tmpdir(), `petstore-pglite-${count}-${templateName().slice('petstore_million_'.length)}.tar`);
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const { pgliteExtensions } = await import('../../lib/db/pglite-extensions');
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  await migratePglite(drizzlePglite(client), { migrationsFolder: path.join(process.cwd(), 'drizzle') });
  await seedCatalogue(async (statement) => (await client.query<Record<string, unknown>>(statement)).rows, count);
  const dataDir = await client.dumpDataDir('none');
  await client.close();
  const building = `${file}.${randomBytes(3).toString('hex')}`;
  fs.writeFileSync(building, Buffer.from(await dataDir.arrayBuffer()));
  fs.renameSync(building, file);
  return file;
}

/** A new database cloned from the template; dropped by the returned function. */
export async function cloneOfMillionPets(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `petstore_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`create database ${name} template ${template} strategy file_copy`));
  return { url: urlOf(name), drop: () => withAdmin((sql) => sql.unsafe(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}
