// Category, NewCategory, CategoryUpdate and the parameters of the experimental
// categories operations (DESIGN.md, "Extensions beyond the contract").
import { z } from 'zod';
import { Cursor, Limit, int64Id } from './params';
import { PetName } from './pets';

// A category's name follows a pet's name rules: 1 to 100 characters after trimming, no control characters.
const CategoryName = PetName.meta({ description: 'The category’s name: 1 to 100 characters after trimming; unique, ignoring case.' });

const closedObject = { error: (issue: { code: string }) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object') };

export const Category = z
  .object({
    id: z.int().min(1).meta({ format: 'int64', description: 'Unique identifier, assigned by the service; what a pet’s `categoryId` names.' }),
    name: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const Categories = z.array(Category).meta({ id: 'Categories' });

export const NewCategory = z
  .strictObject({ name: CategoryName }, closedObject)
  .meta({ id: 'NewCategory', description: 'A category to add. `id` is assigned by the service.' });
export type NewCategory = z.infer<typeof NewCategory>;

export const CategoryUpdate = z
  .strictObject({ name: CategoryName }, closedObject)
  .meta({ id: 'CategoryUpdate', description: 'A new name for a category.' });
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

export const ListCategoriesQuery = z.object({ limit: Limit, cursor: Cursor });
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const CategoryIdParams = z.object({ categoryId: int64Id() });
