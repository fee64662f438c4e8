// What the service knows about pets: list (keyset pages on id), create, get.
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { NewPet, Pet, PetStatus } from './contract/pets';
import type { Database } from './db/client';
import { pets } from './db/schema';
import { toPage, type Page } from './pagination';

const petColumns = { id: pets.id, name: pets.name, categoryId: pets.categoryId, status: pets.status };

type PetRow = { id: number; name: string; categoryId: number; status: PetStatus | null };

/** A stored NULL status is omitted from the Pet, never sent as null. */
export function toPet(row: PetRow): Pet {
  const pet: Pet = { id: row.id, name: row.name, categoryId: row.categoryId };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

export async function listPets(
  database: Database,
  query: { limit: number; status?: PetStatus; afterId?: number },
): Promise<Page<Pet>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(pets.status, query.status));
  if (query.afterId !== undefined) conditions.push(gt(pets.id, query.afterId));
  const rows = await database
    .select(petColumns)
    .from(pets)
    .where(and(...conditions))
    .orderBy(asc(pets.id))
    .limit(query.limit + 1);
  return toPage(rows.map(toPet), query.limit);
}

export async function createPet(database: Database, newPet: NewPet): Promise<Pet> {
  const [row] = await database
    .insert(pets)
    .values({ name: newPet.name, categoryId: newPet.categoryId, status: newPet.status ?? null })
    .returning(petColumns);
  return toPet(row!);
}

export async function getPet(database: Database, id: bigint): Promise<Pet | undefined> {
  // No pet is ever assigned an id beyond what JSON carries exactly.
  if (id > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const [row] = await database.select(petColumns).from(pets).where(eq(pets.id, Number(id)));
  return row ? toPet(row) : undefined;
}
