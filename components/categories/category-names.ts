'use client';
// Category names by id, from the one cached list of categories; a pet whose
// category does not exist (the API accepts any id) reads "Category N".
import { useCategories } from '@/lib/client/hooks';

export function useCategoryName(): (categoryId: number) => string {
  const categories = useCategories();
  const names = new Map(categories.data?.map((category) => [category.id, category.name]));
  return (categoryId) => names.get(categoryId) ?? `Category ${categoryId}`;
}
