'use client';
// CategoryPicker: the pet forms' category, chosen by name from the categories
// (a pet's category that does not exist stays listed as "Category N"), or made
// on the spot with "New category", which then becomes the choice.
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCategories, useCreateCategory } from '@/lib/client/hooks';
import { errorsFromApi } from '../form-errors';
import { Button } from '../ui/button';
import { describedBy, Field, Input, Select } from '../ui/field';

export function CategoryPicker({ id, initial, error }: { id: string; initial: number | undefined; error: string | undefined }) {
  const categories = useCategories();
  const createCategory = useCreateCategory();
  const [chosen, setChosen] = useState(initial === undefined ? '' : String(initial));
  const [isCreating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string>();
  const listed = categories.data ?? [];
  const isChosenListed = chosen === '' || listed.some((category) => String(category.id) === chosen);

  async function create() {
    setCreateError(undefined);
    try {
      const category = await createCategory.mutateAsync({ name: newName });
      setChosen(String(category.id));
      setCreating(false);
      setNewName('');
    } catch (failure) {
      const refused = errorsFromApi(failure);
      setCreateError(refused.fields.name ? `Name ${refused.fields.name}.` : refused.message);
    }
  }

  return (
    <div className="space-y-2">
      <Field id={id} label="Category" error={error} hint={categories.isPending ? 'Loading categories…' : undefined}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Select
            {...describedBy(id, error, categories.isPending)}
            name="categoryId"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            isInvalid={Boolean(error)}
            className="h-10 min-w-0 flex-1"
          >
            <option value="">Choose a category</option>
            {!isChosenListed && <option value={chosen}>Category {chosen}</option>}
            {listed.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
          <Button variant="secondary" onClick={() => setCreating((open) => !open)} aria-expanded={isCreating} aria-controls={`${id}-new`}>
            <Plus aria-hidden />
            New category
          </Button>
        </div>
      </Field>
      {isCreating && (
        <div id={`${id}-new`} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
          <Field id={`${id}-new-name`} label="New category name" error={createError}>
            <div className="flex gap-2">
              <Input
                {...describedBy(`${id}-new-name`, createError)}
                value={newName}
                onChange={(event) => setNewName(event.target.value)}
                onKeyDown={(event) => {
                  // Enter creates the category, not the pet.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void create();
                  }
                }}
                autoComplete="off"
                maxLength={100}
                isInvalid={Boolean(createError)}
                className="h-10 min-w-0 flex-1"
                autoFocus
              />
              <Button onClick={() => void create()} disabled={createCategory.isPending}>
                {createCategory.isPending ? 'Creating…' : 'Create'}
              </Button>
            </div>
          </Field>
        </div>
      )}
    </div>
  );
}
