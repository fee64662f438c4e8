// Pet, NewPet, PetStatus and the parameters of the pets operations (docs/CONTRACT.md §2,
// §4.1-4.3), and the experimental extensions (docs/ARCHITECTURE.md): search, category
// and tag filters and sort on the list, counts, `include`, and PetUpdate for PATCH.
import { z } from 'zod';
import { ErrorBody } from './errors';
import { MAX_NAME_LENGTH, displayName, hasNoControlCharacter, isWithinNameLength, nameSearch } from './names';
import { PET_SORTS, PET_STATUSES, type PetSort } from './pet-values';
import { BatchId, Limit, MAX_JSON_INTEGER, documentAs, int64Id, queryCategoryId } from './params';
import { refuseCursorOfAnotherSort, sortCursorParam, type SortCursor } from './sort-cursor';
import { IncludeParam, PetIncluded } from './pet-include';
import { TagName, tagList } from './tags';
import { MAX_TAGS_PER_PET, tagKey } from './tag-values';

export { PET_STATUSES, type PetSort };

export const PetStatus = z.enum(PET_STATUSES).meta({ id: 'PetStatus', description: 'Availability status.' });
export type PetStatus = z.infer<typeof PetStatus>;

const PetName = displayName("The animal's name.");

const CATEGORY_ID_TOO_BIG = `must be at most ${MAX_JSON_INTEGER} (2^53-1): larger int64 values cannot be represented exactly in JSON`;

const CategoryId = z
  .number({ error: 'must be an integer' })
  // zod's int() also range-checks against 2^53-1; say that plainly, once (abort skips the max below).
  .int({
    abort: true,
    error: (issue) => (issue.code === 'too_big' ? CATEGORY_ID_TOO_BIG : issue.code === 'too_small' ? 'must be a positive integer' : 'must be an integer'),
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

const Pets = z.array(Pet).meta({ id: 'Pets' });

/** A Pet with the fields `include` asked for (lib/contract/pet-include.ts). */
export const PetWithIncluded = Pet.extend(PetIncluded.shape).meta({
  id: 'PetWithIncluded',
  description: 'A Pet and, when `include` names them, the fields it names; without `include`, exactly a Pet.',
});
export type PetWithIncluded = z.infer<typeof PetWithIncluded>;

/** A list's answer: the contract's Pets, or with `include` PetWithIncluded items. */
export const PetsWithIncluded = z.union([Pets, z.array(PetWithIncluded)]).meta({ id: 'PetsWithIncluded' });

const PetSortParam = z
  .enum(PET_SORTS, { error: `must be one of ${PET_SORTS.join(', ')}` })
  .default('id')
  .meta({
    description:
      'Experimental. The order of the list: `id` (oldest first, the default), `-id` (newest first), `name`, `-name` (ties broken by id). Every order pages with its own cursors.',
  });

const NameSearch = nameSearch(
  `Experimental. Only pets whose name contains this text, ignoring case (1 to ${MAX_NAME_LENGTH} characters, as given: not trimmed; no control characters; \`%\` and \`_\` are plain characters).`,
);

const STATUS_FILTERS = [...PET_STATUSES, 'none'] as const;

// `none` (experimental) selects the pets created without a status, as the counts' `none` counts them.
const StatusFilter = z
  .enum(STATUS_FILTERS, { error: `must be one of ${STATUS_FILTERS.join(', ')}` })
  .optional()
  .meta({ description: 'Only pets with this status; `none` (experimental): pets without a status.' });

/** Where a page of the list ended: the sort it belongs to, the last pet's id and, sorted by name, its name. */
export type PetCursor = SortCursor<PetSort>;

// A name sort's key is a pet's name, one that could be stored (a NUL, say, could not, and the database refuses to compare it).
const couldBeStoredName = (name: string) => name.length > 0 && isWithinNameLength(name) && hasNoControlCharacter(name) && name.isWellFormed();

const PetCursorParam = sortCursorParam(PET_SORTS, (sort) => (sort === 'name' || sort === '-name' ? couldBeStoredName : undefined));

const CategoryFilter = queryCategoryId.optional().meta({
  description: 'Experimental. Only pets of this category.',
});

// Repeated (`tag=a&tag=b`), as OpenAPI's default for an array in a query: lib/http/query.ts reads every value of a parameter documented so.
const TagFilter = z
  .array(TagName)
  .max(MAX_TAGS_PER_PET, { error: `must be given at most ${MAX_TAGS_PER_PET} times` })
  .optional()
  .meta({
    description: `Experimental. Only pets that have every tag given, ignoring case: \`tag=puppy&tag=vaccinated\` (at most ${MAX_TAGS_PER_PET}).`,
    param: { style: 'form', explode: true },
  });

/** The most ids one batch read, change or delete takes (GET, PATCH, DELETE /v1/pets?id=…, experimental). */
const MAX_BATCH_IDS = 100;

const BAD_ID_LIST = `must be 1 to ${MAX_BATCH_IDS} comma-separated positive integers up to ${Number.MAX_SAFE_INTEGER}`;

// Experimental: up to 100 pet ids in one query parameter, repeats counted once, in the order first given.
const PetIdList = z.string().transform((value, context) => {
  const parts = value.split(',');
  const ids = parts.map(Number);
  const valid = parts.every((part, index) => /^[0-9]{1,16}$/.test(part) && ids[index]! >= 1 && ids[index]! <= Number.MAX_SAFE_INTEGER);
  if (parts.length > MAX_BATCH_IDS) context.addIssue({ code: 'custom', message: `lists ${parts.length} ids; at most ${MAX_BATCH_IDS} are allowed` });
  else if (!valid) context.addIssue({ code: 'custom', message: BAD_ID_LIST });
  return [...new Set(ids)];
});

const petIdListParam = (description: string) => ({
  description,
  param: { style: 'form' as const, explode: false },
  override: documentAs({
    type: 'array',
    items: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    minItems: 1,
    maxItems: MAX_BATCH_IDS,
  }),
});

/** The listPets parameters that page or filter: the batch read (`id`) takes none of them, nor do the batch change and delete. */
export const LIST_PETS_PAGING_AND_FILTERS = ['limit', 'status', 'name', 'categoryId', 'tag', 'sort', 'cursor'] as const;

export const ListPetsQuery = z
  .object({
    id: PetIdList.optional().meta(
      petIdListParam(
        `Experimental. A batch read: only the pets with these ids (1 to ${MAX_BATCH_IDS}, comma-separated, e.g. \`1,2,3\`; repeats count once), ordered by id, all in one answer without a \`Link\` header. Ids that match no pet are left out. It stands alone: with any other parameter of this list it answers 400.`,
      ),
    ),
    limit: Limit,
    status: StatusFilter,
    name: NameSearch,
    categoryId: CategoryFilter,
    tag: TagFilter,
    sort: PetSortParam,
    cursor: PetCursorParam,
    include: IncludeParam,
  })
  .superRefine(refuseCursorOfAnotherSort);
export type ListPetsQuery = z.infer<typeof ListPetsQuery>;

/** The pets a batch change or delete works on (experimental): `id` alone. */
export const PetBatchQuery = z.object({
  id: PetIdList.meta(
    petIdListParam(
      `The pets to change (1 to ${MAX_BATCH_IDS}, comma-separated, e.g. \`1,2,3\`; repeats count once). Each is changed on its own; the answer has one result per id, in the order given. No parameter of the list goes with it (400).`,
    ),
  ),
  batchId: BatchId.optional().meta({
    description:
      'The batch the changes join (a UUID): one change of many pets sent as several requests passes the `batchId` of its first answer, or one it chose, on every request, and is then one batch to undo (`POST /activity/batches/{batchId}/restore`). Without it, the request is a batch of its own.',
  }),
});

/** The list's filters, without paging or order: what GET /v1/pets/counts takes. */
export const PetCountsQuery = z.object({ status: StatusFilter, name: NameSearch, categoryId: CategoryFilter, tag: TagFilter });

/** The query of GET /v1/pets/{petId}: `include` alone. */
export const GetPetQuery = z.object({ include: IncludeParam });
export type PetCountsQuery = z.infer<typeof PetCountsQuery>;

const count = z.int().min(0);

export const PetCounts = z
  .object({
    total: count.meta({ description: 'Every pet that matches the filters.' }),
    available: count,
    pending: count,
    sold: count,
    none: count.meta({ description: 'Pets without a status.' }),
  })
  .meta({ id: 'PetCounts', description: 'How many pets match the filters, in all and by status.' });
export type PetCounts = z.infer<typeof PetCounts>;

/** `tags` replaces what `addTags` and `removeTags` change, and a tag is either added or removed. */
function refuseTagsTwice(update: { tags?: string[]; addTags?: string[]; removeTags?: string[] }, context: z.RefinementCtx): void {
  if (update.tags && (update.addTags || update.removeTags)) {
    const other = update.addTags ? 'addTags' : 'removeTags';
    context.addIssue({ code: 'custom', path: ['tags'], message: `cannot be given with ${other}: tags replaces them all` });
  }
  const removed = new Set(update.removeTags?.map(tagKey));
  const both = update.addTags?.filter((tag) => removed.has(tagKey(tag))) ?? [];
  if (both.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['removeTags'],
      message: `${both.map((tag) => JSON.stringify(tag)).join(', ')} cannot be both added and removed`,
    });
  }
}

export const PetUpdate = z
  .strictObject(
    {
      name: PetName.optional(),
      categoryId: CategoryId.optional(),
      status: z
        .enum(PET_STATUSES, { error: `must be one of ${PET_STATUSES.join(', ')}, or null for no status` })
        .nullable()
        .optional()
        .meta({ description: '`null` removes the status. Changes only while the pet has no open (placed or approved) order, and never to `pending`.' }),
      tags: tagList(
        `Replaces the pet's tags (\`[]\` removes them all), as \`PUT /pets/{petId}/tags\` does. Not with \`addTags\` or \`removeTags\`.`,
      ).optional(),
      addTags: tagList(
        `Tags to add to those the pet has (one it has already is no change). A pet would then have more than ${MAX_TAGS_PER_PET}: 409, and it is left as it was.`,
      ).optional(),
      removeTags: tagList('Tags to take from the pet, ignoring case (one it does not have is no change).').optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') },
  )
  .superRefine(refuseTagsTwice)
  .meta({
    id: 'PetUpdate',
    description:
      'Changes to a pet (JSON merge semantics): the fields given are set, the others kept. A `status` equal to the current one is no change. `addTags` and `removeTags` change the tags a pet has, which a bulk change (`PATCH /pets?id=…`) needs: each pet keeps its other tags.',
  });
export type PetUpdate = z.infer<typeof PetUpdate>;

export const PetIdParams = z.object({ petId: int64Id() });

// The batch change and delete's answers (experimental): one result per id asked, in that order.
const ResultId = z.int().min(1).meta({ format: 'int64', description: 'The id asked for.' });

const PetRefused = z
  .object({
    id: ResultId,
    status: z.literal([404, 409]),
    error: ErrorBody,
  })
  .meta({
    id: 'PetRefused',
    description:
      'A pet left as it was, with the status and Error the single operation would have answered: no such pet (`not_found`), or a rule said no (`conflict`).',
  });

export const PetBatchUpdateResults = z
  .object({
    batchId: BatchId.meta({ description: 'The batch the changes were recorded under (the activity log’s `batchId`).' }),
    results: z.array(z.union([z.object({ id: ResultId, status: z.literal(200), pet: Pet }).meta({ id: 'PetUpdated' }), PetRefused])),
  })
  .meta({ id: 'PetBatchUpdateResults' });
export type PetBatchUpdateResults = z.infer<typeof PetBatchUpdateResults>;

export const PetBatchDeleteResults = z
  .object({
    batchId: BatchId.meta({ description: 'The batch the deletes were recorded under (the activity log’s `batchId`).' }),
    results: z.array(z.union([z.object({ id: ResultId, status: z.literal(204) }).meta({ id: 'PetDeleted' }), PetRefused])),
  })
  .meta({ id: 'PetBatchDeleteResults' });
export type PetBatchDeleteResults = z.infer<typeof PetBatchDeleteResults>;

/** When a pet was added and last changed (experimental): kept out of Pet, whose fields the contract fixes. */
export const PetTimestamps = z
  .object({
    createdAt: z.iso.datetime().meta({ description: 'When the animal was added.' }),
    updatedAt: z.iso.datetime().meta({
      description:
        'When the animal last changed: its name, category or status, by any path (an order moving its status included). Animals added before the service kept this have the time it began to.',
    }),
  })
  .meta({ id: 'PetTimestamps' });
export type PetTimestamps = z.infer<typeof PetTimestamps>;
