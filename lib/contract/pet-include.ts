// `include` (experimental): what a client asks to have added to each Pet it
// reads (GET /v1/pets, GET /v1/pets/{petId}), so that a page needs one request,
// not one more per pet. The contract's Pet stays exactly as it is: without
// `include` the answer is byte for byte the same; with it, each Pet gains the
// fields named. One entry here (its name and its field) and one loader
// (lib/domain/pet-include.ts) per field; lib/contract/pets.ts adds the fields to Pet.
import { z } from 'zod';
import { documentAs } from './params';
import { PhotoUrls } from './photos';
import { PetTags } from './tags';

const PET_INCLUDES = ['tags', 'cover'] as const;
export type PetInclude = (typeof PET_INCLUDES)[number];

const isPetInclude = (name: string): name is PetInclude => (PET_INCLUDES as readonly string[]).includes(name);

/** The fields each entry adds to a Pet. */
export const PetIncluded = z.object({
  tags: PetTags.optional().meta({ description: 'With `include=tags`: the pet’s tags.' }),
  cover: PhotoUrls.nullable()
    .optional()
    .meta({ description: 'With `include=cover`: the signed URLs of the pet’s cover (its photo at position 0), or null when it has no photo.' }),
});
export type PetIncluded = z.infer<typeof PetIncluded>;

const INCLUDE_LIST = PET_INCLUDES.join(', ');

/** `include=tags,…`: a comma-separated list of PET_INCLUDES; each named once at most counts once. */
export const IncludeParam = z
  .string()
  .transform((value, context) => {
    const names = value.split(',');
    const unknown = names.filter((name) => !isPetInclude(name));
    if (unknown.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `names ${unknown.map((name) => JSON.stringify(name)).join(', ')}; it takes a comma-separated list of: ${INCLUDE_LIST}`,
      });
      return z.NEVER;
    }
    return [...new Set(names as PetInclude[])];
  })
  .optional()
  .meta({
    description: `Experimental. Fields to add to each Pet, comma-separated: ${INCLUDE_LIST}. Without it, each Pet is exactly the contract's.`,
    param: { style: 'form', explode: false },
    override: documentAs({ type: 'array', items: { type: 'string', enum: [...PET_INCLUDES] }, minItems: 1 }),
  });
