// A rolling upgrade under load (docs/RELIABILITY.md, "A migration under traffic"):
// one instance serves keyed creates (POST /v1/pets with an Idempotency-Key: its
// transaction inserts the pet, then the key's record, whose foreign key locks
// api_keys) while a new release starts on the same database and applies its
// pending migration, which alters api_keys and then pets, as a real upgrade
// can. The new release is the current code with one migration more: a copy of
// drizzle/ with that migration added to its journal, in a working directory of
// its own. No request answers 500, and the new instance starts. On PostgreSQL
// and, in the pooler lane, through PgBouncer (migrations go direct).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { countBy, runCreateLoops, sleep, storedPetNames } from '../support/load';
import { createTestDatabase, startServer, type TestServer } from '../support/server';

const LOOPS = 12;
// The creates go on this long after the new instance is up.
const AFTER_START_MS = 2_000;

const UPGRADE_TAG = '9000_upgrade_probe';
// The order the probe's upgrade took its locks in: api_keys, then pets.
const UPGRADE_SQL = ['ALTER TABLE "api_keys" ADD COLUMN "upgrade_probe" integer;', 'ALTER TABLE "pets" ADD COLUMN "upgrade_probe" integer;'].join(
  '\n--> statement-breakpoint\n',
);

/** A working directory whose drizzle/ is the repository's with one migration more. */
function nextRelease(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'petstore-next-release-'));
  const migrations = path.join(directory, 'drizzle');
  fs.cpSync(path.join(import.meta.dirname, '..', '..', 'drizzle'), migrations, { recursive: true });
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: UPGRADE_TAG });
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(migrations, `${UPGRADE_TAG}.sql`), UPGRADE_SQL);
  return directory;
}

// Each try has a database of its own: a retry on the first's would find the migration applied.
describe.skipIf(inject('database') !== 'postgres')('a migration applied while the previous release serves keyed creates', () => {
  const cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers no 500, and the new instance starts with the migration applied', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const previous = await startServer({ database: 'postgres', databaseUrl: database.url });
    cleanups.push(previous.stop);
    const releaseDirectory = nextRelease();
    cleanups.push(async () => fs.rmSync(releaseDirectory, { recursive: true, force: true }));

    let isDone = false;
    const load = runCreateLoops({
      baseUrls: [previous.baseUrl],
      apiKey: previous.apiKey,
      loops: LOOPS,
      prefix: 'upgrade',
      pauseMs: 0,
      isKeyed: true,
      shouldStop: () => isDone,
    });
    await sleep(1_000);
    const startedAt = performance.now();
    let next: TestServer | undefined;
    let startError: unknown;
    try {
      next = await startServer({
        database: 'postgres',
        databaseUrl: database.url,
        cwd: releaseDirectory,
        env: { PETSTORE_BOOTSTRAP_API_KEY: previous.apiKey },
      });
      cleanups.push(next.stop);
    } catch (error) {
      startError = error;
    }
    const startMs = performance.now() - startedAt;
    await sleep(AFTER_START_MS);
    isDone = true;
    const attempts = await load.done;

    const statuses = countBy(attempts, (attempt) => String(attempt.status ?? attempt.error));
    const retries = next?.logs().match(/migration gave way to traffic/g)?.length ?? 0;
    console.log(
      `migration under load: ${attempts.length} keyed creates, statuses ${JSON.stringify(statuses)}, new instance up in ${Math.round(startMs)} ms, ${retries} retries`,
    );
    expect(startError, next ? undefined : String(startError)).toBeUndefined();
    expect(attempts.filter((attempt) => attempt.status === 500)).toEqual([]);
    expect(attempts.filter((attempt) => attempt.status === undefined)).toEqual([]);
    // A 503 says "retry"; anything else acknowledged is stored.
    expect(attempts.every((attempt) => attempt.status === 201 || attempt.status === 503)).toBe(true);
    const stored = await storedPetNames(database.url, 'upgrade');
    for (const attempt of attempts.filter((attempt) => attempt.status === 201)) expect(stored.has(attempt.name)).toBe(true);

    const direct = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const columns = await direct`select table_name from information_schema.columns where column_name = 'upgrade_probe' order by table_name`;
      expect(columns.map((column) => column.table_name)).toEqual(['api_keys', 'pets']);
    } finally {
      await direct.end();
    }
  });
});
