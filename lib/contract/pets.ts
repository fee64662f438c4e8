// Pet, NewPet, PetStatus and the parameters of the pets operations (spec §2,
// §4.1-4.3), and the experimental extensions (DESIGN.md): search, category
// filter and sort on the list, counts, and PetUpdate for PATCH.
import { z } from 'zod';
import { Limit, MAX_JSON_INTEGER, documentAs, int64Id, queryCategoryId } from './params';

export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

export const PetStatus = z.enum(PET_STATUSES).meta({ id: 'PetStatus', description: 'Availability status.' });
export type PetStatus = z.infer<typeof PetStatus>;

// Control characters (C0, DEL, C1) have no place in a name.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const PetName = z
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

export const PET_SORTS = ['id', '-id', 'name', '-name'] as const;
export type PetSort = (typeof PET_SORTS)[number];

const PetSortParam = z
  .enum(PET_SORTS, { error: `must be one of ${PET_SORTS.join(', ')}` })
  .default('id')
  .meta({
    description:
      'Experimental. The order of the list: `id` (oldest first, the default), `-id` (newest first), `name`, `-name` (ties broken by id). Every order pages with its own cursors.',
  });

const NameSearch = z
  .string()
  .refine((text) => text.length > 0 && [...text].length <= 100, { error: 'must be 1 to 100 characters' })
  .refine((text) => !CONTROL_CHARACTERS.test(text), { error: 'must not contain control characters' })
  .optional()
  .meta({
    description: 'Experimental. Only pets whose name contains this text, ignoring case (1 to 100 characters; `%` and `_` are plain characters).',
  });

const STATUS_FILTERS = [...PET_STATUSES, 'none'] as const;

// `none` (experimental) selects the pets created without a status, as the counts' `none` counts them.
const StatusFilter = z
  .enum(STATUS_FILTERS, { error: `must be one of ${STATUS_FILTERS.join(', ')}` })
  .optional()
  .meta({ description: 'Only pets with this status; `none` (experimental): pets without a status.' });

/** Where a page of the list ended: the sort it belongs to, and that sort's key of the last pet. */
export type PetCursor = { sort: PetSort; id: number; name?: string };

/** Cursors are opaque to clients: base64url of `<sort>:<id>[:<name>]` (sort=id keeps the original `id:<id>`). */
export function encodePetCursor(cursor: PetCursor): string {
  const name = cursor.sort === 'name' || cursor.sort === '-name' ? `:${cursor.name ?? ''}` : '';
  return Buffer.from(`${cursor.sort}:${cursor.id}${name}`).toString('base64url');
}

const CURSOR_FORMAT = /^(-?(?:id|name)):([1-9][0-9]{0,15})(?::([\s\S]*))?$/;

function decodePetCursor(value: string): PetCursor | undefined {
  const match = CURSOR_FORMAT.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const sort = match[1] as PetSort;
  const id = Number(match[2]);
  const hasName = sort === 'name' || sort === '-name';
  if (!Number.isSafeInteger(id) || hasName !== (match[3] !== undefined)) return undefined;
  const cursor: PetCursor = hasName ? { sort, id, name: match[3]! } : { sort, id };
  return encodePetCursor(cursor) === value ? cursor : undefined;
}

const PetCursorParam = z
  .string()
  .transform((value, context) => {
    const cursor = decodePetCursor(value);
    if (!cursor) {
      context.addIssue({ code: 'custom', message: 'is not a valid cursor; use the one from the Link header' });
      return z.NEVER;
    }
    return cursor;
  })
  .optional()
  .meta({
    description: 'Opaque cursor from the `Link: <…>; rel="next"` header of the previous page (it belongs to that page\'s `sort`).',
    override: documentAs({ type: 'string' }),
  });

const CategoryFilter = queryCategoryId.optional().meta({
  description: 'Experimental. Only pets of this category.',
});

export const ListPetsQuery = z
  .object({
    limit: Limit,
    status: StatusFilter,
    name: NameSearch,
    categoryId: CategoryFilter,
    sort: PetSortParam,
    cursor: PetCursorParam,
  })
  .superRefine((query, context) => {
    if (query.cursor && query.cursor.sort !== query.sort) {
      context.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: `belongs to sort=${query.cursor.sort}, not sort=${query.sort}; start again without a cursor`,
      });
    }
  });
export type ListPetsQuery = z.infer<typeof ListPetsQuery>;

/** The list's filters, without paging or order: what GET /v1/pets/counts takes. */
export const PetCountsQuery = z.object({ status: StatusFilter, name: NameSearch, categoryId: CategoryFilter });
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
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') },
  )
  .meta({
    id: 'PetUpdate',
    description: 'Changes to a pet (JSON merge semantics): the fields given are set, the others kept. A `status` equal to the current one is no change.',
  });
export type PetUpdate = z.infer<typeof PetUpdate>;

export const PetIdParams = z.object({ petId: int64Id() });
