// What the service knows about pets: list (keyset pages on id), create, get.
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { NewPet, Pet, PetStatus } from './contract/pets';
import type { Database, Executor } from './db/client';
import { preparedStatement } from './db/prepared';
import { pets } from './db/schema';
import { toPage, type Page } from './pagination';

const petColumns = { id: pets.id, name: pets.name, categoryId: pets.categoryId, status: pets.status };

type PetRow = Pick<typeof pets.$inferSelect, keyof typeof petColumns>;

/** A stored NULL status is omitted from the Pet, never sent as null. */
export function toPet(row: PetRow): Pet {
  const pet: Pet = { id: row.id, name: row.name, categoryId: row.categoryId };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

// One prepared statement per shape of the list (with or without each filter).
function listStatement(database: Database, byStatus: boolean, afterId: boolean) {
  const name = `list_pets${byStatus ? '_by_status' : ''}${afterId ? '_after_id' : ''}`;
  return preparedStatement(database, name, () => {
    const conditions: SQL[] = [];
    if (byStatus) conditions.push(eq(pets.status, sql.placeholder('status')));
    if (afterId) conditions.push(gt(pets.id, sql.placeholder('afterId')));
    return database
      .select(petColumns)
      .from(pets)
      .where(and(...conditions))
      .orderBy(asc(pets.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

export async function listPets(
  database: Database,
  query: { limit: number; status?: PetStatus; afterId?: number },
): Promise<Page<Pet>> {
  const statement = listStatement(database, query.status !== undefined, query.afterId !== undefined);
  const rows = await statement.execute({ status: query.status, afterId: query.afterId, limit: query.limit + 1 });
  return toPage(rows.map(toPet), query.limit);
}

const insertPet = (database: Executor) =>
  preparedStatement(database, 'insert_pet', () =>
    database
      .insert(pets)
      .values({ name: sql.placeholder('name'), categoryId: sql.placeholder('categoryId'), status: sql.placeholder('status') })
      .returning(petColumns)
      .prepare('insert_pet'),
  );

/** `database` may be a transaction (an Idempotency-Key's record is written in the same one). */
export async function createPet(database: Executor, newPet: NewPet): Promise<Pet> {
  const [row] = await insertPet(database).execute({ name: newPet.name, categoryId: newPet.categoryId, status: newPet.status ?? null });
  return toPet(row!);
}

const findPet = (database: Database) =>
  preparedStatement(database, 'find_pet', () =>
    database.select(petColumns).from(pets).where(eq(pets.id, sql.placeholder('id'))).prepare('find_pet'),
  );

export async function getPet(database: Database, id: bigint): Promise<Pet | undefined> {
  // No pet is ever assigned an id beyond what JSON carries exactly.
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await findPet(database).execute({ id: Number(id) });
  return row ? toPet(row) : undefined;
}
