// What `include` adds to the pets of an answer (lib/contract/pet-include.ts): one
// loader per field, each one query for the whole page, never one per pet.
import type { PetInclude, PetIncluded } from '../contract/pet-include';
import type { Pet, PetWithIncluded } from '../contract/pets';
import type { Database } from '../db/client';
import { coverUrlsOf } from './photos';
import { tagsOfPets } from './tags';

/** A field's value when asked for (it is absent from the Pet otherwise); it may be null (e.g. "no such thing"). */
type Included<Name extends PetInclude> = Exclude<PetIncluded[Name], undefined>;

type Loader<Name extends PetInclude> = (database: Database, petIds: number[]) => Promise<Map<number, Included<Name>>>;

// A field with no loader here fails to compile: every name `include` takes is served. `missing`
// is the value of a pet the loader did not find (deleted between the page and the loader).
const LOADERS: { [Name in PetInclude]: { loader: Loader<Name>; missing: Included<Name> } } = {
  tags: { loader: tagsOfPets, missing: [] },
  cover: { loader: coverUrlsOf, missing: null },
};

/** The pets with the fields `include` names, in the same order; the pets themselves when it names none. */
export async function withIncluded(database: Database, pets: Pet[], include: PetInclude[] | undefined): Promise<PetWithIncluded[]> {
  if (!include || include.length === 0 || pets.length === 0) return pets;
  const ids = pets.map((pet) => pet.id);
  const fields = await Promise.all(
    include.map(async (name) => {
      const { loader, missing } = LOADERS[name];
      const values = await loader(database, ids);
      return { name, values, missing };
    }),
  );
  // Each field's value is its loader's, of its own type (LOADERS): the object is built field by field.
  return pets.map(
    (pet) => Object.assign({ ...pet }, ...fields.map(({ name, values, missing }) => ({ [name]: values.get(pet.id) ?? missing }))) as PetWithIncluded,
  );
}
