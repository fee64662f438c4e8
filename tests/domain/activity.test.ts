// Pets' activity trigger (drizzle/0015), which names the columns, against the generic
// record_activity it stands in for (drizzle/0011 and 0014), on an in-memory PGlite: the
// same entries for a create, updates, an update that changes nothing and a delete, and
// every column of pets either named in it or hidden (a column added to pets and not to
// the trigger fails here), and the log's indexes without deduplication (drizzle/0016).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openMemoryDatabase } from '../support/memory-database';

let client: PGlite;
let close: () => Promise<void>;

beforeAll(async () => ({ client, close } = await openMemoryDatabase()));
afterAll(() => close());

// The app's own timestamps, never an entry's fields (drizzle/0012).
const HIDDEN = ['created_at', 'updated_at'];
const GENERIC = `record_activity('pet', ${HIDDEN.map((column) => `'${column}'`).join(', ')})`;
const NAMED = 'record_pet_activity()';
const ACTOR = ['7', '3', 'req-1', 'ada@example.test'].join('\x1f');

type Entry = {
  actor_user_id: unknown;
  actor_key_id: unknown;
  actor_label: string | null;
  request_id: string | null;
  resource_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const THE_ACTOR = { actor_user_id: 3, actor_key_id: 7, actor_label: 'ada@example.test', request_id: 'req-1' };
const actorOf = ({ actor_user_id, actor_key_id, actor_label, request_id }: Entry) => ({
  actor_user_id: Number(actor_user_id),
  actor_key_id: Number(actor_key_id),
  actor_label,
  request_id,
});

class RolledBack extends Error {}

/** The entries a create, three updates and a delete write with `trigger` on pets, rolled back after. */
async function entriesWritten(trigger: string, actor = ACTOR): Promise<Entry[]> {
  let entries: Entry[] = [];
  await client
    .transaction(async (transaction: Transaction) => {
      await transaction.exec(`create or replace trigger pets_activity after insert or update or delete on pets for each row execute function ${trigger}`);
      await transaction.query(`select set_config('petstore.actor', $1, true)`, [actor]);
      const {
        rows: [pet],
      } = await transaction.query<{ id: number }>(`insert into pets (name, category_id, status) values ('Rex', 3, 'available') returning id`);
      await transaction.query(`update pets set name = 'Rex II', status = null where id = $1`, [pet!.id]);
      await transaction.query(`update pets set category_id = 4, status = 'sold' where id = $1`, [pet!.id]);
      await transaction.query(`update pets set name = name where id = $1`, [pet!.id]);
      await transaction.query(`delete from pets where id = $1`, [pet!.id]);
      ({ rows: entries } = await transaction.query<Entry>(
        `select actor_user_id, actor_key_id, actor_label, request_id, resource, resource_id, action, before, after
         from activity where resource = 'pet' and resource_id = $1 order by id`,
        [String(pet!.id)],
      ));
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return entries;
}

/** An entry with its pet's id (a new one per run) taken out. */
const withoutId = ({ resource_id, before, after, ...entry }: Entry) => {
  const drop = (fields: Record<string, unknown> | null) => fields && Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'id'));
  return { ...entry, hasResourceId: /^\d+$/.test(resource_id), before: drop(before), after: drop(after) };
};

it('writes the entries the generic trigger writes', async () => {
  const generic = await entriesWritten(GENERIC);
  const named = await entriesWritten(NAMED);
  expect(generic.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'delete']);
  expect(named.map(withoutId)).toEqual(generic.map(withoutId));
  expect(named[1]).toMatchObject({ before: { name: 'Rex', status: 'available' }, after: { name: 'Rex II', status: null } });
  expect(named[0]!.after!.id).toBe(Number(named[0]!.resource_id));
  // The actor as the app sets it (lib/domain/activity.ts), read by both functions.
  for (const entry of [generic[0]!, named[0]!]) expect(actorOf(entry)).toEqual(THE_ACTOR);
});

it('reads the JSON actor of an instance of the version before, as in a rolling upgrade', async () => {
  const json = JSON.stringify({ keyId: 7, userId: 3, label: 'ada@example.test', requestId: 'req-1' });
  for (const trigger of [GENERIC, NAMED]) {
    const entries = await entriesWritten(trigger, json);
    expect(entries.map(actorOf)).toEqual(entries.map(() => THE_ACTOR));
  }
});

it('stores the batch and the restored entry the actor names, and none for an actor of four fields (drizzle/0026)', async () => {
  const batchId = '0b0e7c2e-5d1f-4a4e-9b55-8a1c1f5d2a10';
  const read = async (actor: string) => {
    type Stored = { batch_id: string | null; restored_from: unknown };
    let stored: Stored[] = [];
    await client
      .transaction(async (transaction: Transaction) => {
        await transaction.query(`select set_config('petstore.actor', $1, true)`, [actor]);
        await transaction.query(`insert into categories (name) values ('Batch ' || gen_random_uuid())`);
        await transaction.query(`insert into pets (name, category_id) values ('Rex', 1)`);
        ({ rows: stored } = await transaction.query<Stored>(
          `select batch_id, restored_from from activity where resource in ('pet', 'category') and id > (select coalesce(max(id), 0) - 2 from activity) order by id`,
        ));
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return stored.map((row) => ({ batchId: row.batch_id, restoredFrom: row.restored_from === null ? null : Number(row.restored_from) }));
  };
  expect(await read(ACTOR)).toEqual([
    { batchId: null, restoredFrom: null },
    { batchId: null, restoredFrom: null },
  ]);
  expect(await read([ACTOR, batchId, ''].join('\x1f'))).toEqual([
    { batchId, restoredFrom: null },
    { batchId, restoredFrom: null },
  ]);
  // The category's generic writer has no restore to name; the pet's has.
  expect(await read([ACTOR, batchId, '42'].join('\x1f'))).toEqual([
    { batchId, restoredFrom: null },
    { batchId, restoredFrom: 42 },
  ]);
});

it('names every column of pets that is not hidden', async () => {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = 'pets' order by column_name`,
  );
  const logged = rows.map((row) => row.column_name).filter((column) => !HIDDEN.includes(column));
  const [create] = await entriesWritten(NAMED);
  expect(Object.keys(create!.after!).sort()).toEqual(logged);
  // The update branch compares each of them.
  const {
    rows: [source],
  } = await client.query<{ body: string }>(`select prosrc as body from pg_proc where proname = 'record_pet_activity'`);
  for (const column of logged) expect(source!.body).toContain(`IF NEW."${column}" IS DISTINCT FROM OLD."${column}" THEN`);
});

it('keeps deduplication off on the log’s B-tree indexes, whose keys all end with the entry’s id', async () => {
  const { rows } = await client.query<{ name: string; options: string[] | null }>(
    `select c.relname as name, c.reloptions as options
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
     where i.indrelid = 'activity'::regclass and am.amname = 'btree' and not i.indisunique`,
  );
  expect(rows.map((row) => row.name).sort()).toEqual(['activity_actor_key_idx', 'activity_actor_user_idx', 'activity_batch_idx', 'activity_resource_idx']);
  for (const row of rows) expect(row.options, row.name).toContain('deduplicate_items=off');
});
