// The pets' statuses and list orders as plain values, for lib/contract/pets.ts's
// schemas and for the dashboard's pets list, which reads them from its URL. No
// zod here: the list's first load does without it.
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatusValue = (typeof PET_STATUSES)[number];

export const PET_SORTS = ['id', '-id', 'name', '-name'] as const;
export type PetSort = (typeof PET_SORTS)[number];

export const isPetStatus = (value: string | undefined): value is PetStatusValue => (PET_STATUSES as readonly string[]).includes(value ?? '');
