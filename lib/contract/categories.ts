// Category, NewCategory, CategoryUpdate and the parameters of the experimental
// categories operations (docs/ARCHITECTURE.md, "Extensions beyond the contract").
import { z } from 'zod';
import { Cursor, Limit, int64Id } from './params';
import { displayName } from './names';

// A category's name follows the rule of every name (lib/contract/names.ts).
const CategoryName = displayName('The category’s name, unique ignoring case.');

const closedObject = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') };

export const Category = z
  .object({
    id: z.int().min(1).meta({ format: 'int64', description: 'Unique identifier, assigned by the service; what a pet’s `categoryId` names.' }),
    name: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

/** A category as GET /v1/categories lists it: with how many pets name it (experimental). */
export const ListedCategory = Category.extend({
  petCount: z.int().min(0).meta({ description: 'Experimental. How many pets have this `categoryId` now; a category can be deleted only at 0.' }),
}).meta({ id: 'ListedCategory' });
export type ListedCategory = z.infer<typeof ListedCategory>;

export const Categories = z.array(ListedCategory).meta({ id: 'Categories' });

export const NewCategory = z
  .strictObject({ name: CategoryName }, closedObject)
  .meta({ id: 'NewCategory', description: 'A category to add. `id` is assigned by the service.' });
export type NewCategory = z.infer<typeof NewCategory>;

export const CategoryUpdate = z.strictObject({ name: CategoryName }, closedObject).meta({ id: 'CategoryUpdate', description: 'A new name for a category.' });
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

export const ListCategoriesQuery = z.object({ limit: Limit, cursor: Cursor });
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const CategoryIdParams = z.object({ categoryId: int64Id() });
