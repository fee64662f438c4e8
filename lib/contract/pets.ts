// Pet, NewPet, PetStatus and the parameters of the pets operations (spec §2, §4.1-4.3).
import { z } from 'zod';
import { Cursor, Limit, MAX_JSON_INTEGER, int64Id } from './params';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export const PetStatus = z.enum(PET_STATUSES).meta({ id: 'PetStatus', description: 'Availability status.' });
export type PetStatus = z.infer<typeof PetStatus>;

// Control characters (C0, DEL, C1) have no place in a name.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const PetName = z
  .string({ error: 'must be a string' })
  .trim()
  .refine((name) => name.length > 0, { error: 'must not be empty' })
  .refine((name) => [...name].length <= 100, { error: 'must be at most 100 characters' })
  .refine((name) => !CONTROL_CHARACTERS.test(name), { error: 'must not contain control characters' })
  // JSON can carry a lone surrogate (\ud800); stored as UTF-8 it would silently become U+FFFD.
  .refine((name) => name.isWellFormed(), { error: 'must be valid Unicode (no unpaired surrogates)' })
  .meta({ description: "The animal's name: 1 to 100 characters after trimming, no control characters.", minLength: 1, maxLength: 100 });

const CATEGORY_ID_TOO_BIG = `must be at most ${MAX_JSON_INTEGER} (2^53-1): larger int64 values cannot be represented exactly in JSON`;

const CategoryId = z
  .number({ error: 'must be an integer' })
  // zod's int() also range-checks against 2^53-1; say that plainly, once (abort skips the max below).
  .int({
    abort: true,
    error: (issue) =>
      issue.code === 'too_big' ? CATEGORY_ID_TOO_BIG : issue.code === 'too_small' ? 'must be a positive integer' : 'must be an integer',
  })
  .min(1, { error: 'must be a positive integer' })
  .max(MAX_JSON_INTEGER, { error: CATEGORY_ID_TOO_BIG })
  .meta({ description: 'Identifier of the category the animal belongs to.', format: 'int64' });

export const NewPet = z
  .strictObject(
    {
      name: PetName,
      categoryId: CategoryId,
      status: z.enum(PET_STATUSES, { error: `must be one of ${PET_STATUSES.join(', ')}` }).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') },
  )
  .meta({ id: 'NewPet', description: 'An animal to add. `id` is assigned by the service.' });
export type NewPet = z.infer<typeof NewPet>;

export const Pet = z
  .object({
    id: z.int().min(1).meta({ format: 'int64', description: 'Unique identifier, assigned by the service.' }),
    name: z.string(),
    categoryId: z.int().meta({ format: 'int64' }),
    status: PetStatus.optional().meta({ description: 'Availability status; absent when none was given.' }),
  })
  .meta({ id: 'Pet' });
export type Pet = z.infer<typeof Pet>;

export const Pets = z.array(Pet).meta({ id: 'Pets' });

export const ListPetsQuery = z.object({
  limit: Limit,
  status: z.enum(PET_STATUSES, { error: `must be one of ${PET_STATUSES.join(', ')}` }).optional(),
  cursor: Cursor,
});
export type ListPetsQuery = z.infer<typeof ListPetsQuery>;

export const PetIdParams = z.object({ petId: int64Id() });
