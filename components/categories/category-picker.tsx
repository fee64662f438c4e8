'use client';
// CategoryPicker: the pet forms' category, chosen by name from the categories
// (a pet's category that does not exist stays listed as "Category N"), or made
// on the spot with "New category", which then becomes the choice.
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useCategories, useCreateCategory } from '@/lib/client/hooks';
import { NewCategory } from '@/lib/contract/categories';
import { sentence } from '../form-errors';
import { Button } from '../ui/button';
import { describedBy, Field, Input, Select } from '../ui/field';
import { useContractForm } from '../use-contract-form';

type Props = {
  id: string;
  initial: number | undefined;
  error: string | undefined;
  /** A category was chosen by making it (the select changed without a change event). */
  onCreated: () => void;
};

export function CategoryPicker({ id, initial, error, onCreated }: Props) {
  const categories = useCategories();
  const createCategory = useCreateCategory();
  const [chosen, setChosen] = useState(initial === undefined ? '' : String(initial));
  const [isCreating, setCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const creating = useContractForm({
    schema: NewCategory,
    save: (newCategory) => createCategory.mutateAsync(newCategory),
    onSaved: (category) => {
      setChosen(String(category.id));
      setCreating(false);
      setNewName('');
      onCreated();
    },
  });
  // Inside the pet's form, so not a form of its own: the name is sent as it stands.
  const create = () => creating.send({ name: newName });
  const createError = sentence('Name', creating.errors.name) ?? creating.refusal?.message;
  const listed = categories.data ?? [];
  const isChosenListed = chosen === '' || listed.some((category) => String(category.id) === chosen);

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
            // flex-1 only in a row: in the phone's column it made the select's height its basis, 0 (20 px tall).
            className="h-10 min-w-0 sm:flex-1"
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
                onChange={(event) => {
                  setNewName(event.target.value);
                  creating.changed('name');
                }}
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
              <Button onClick={() => void create()} disabled={creating.isSaving}>
                {creating.isSaving ? 'Creating…' : 'Create'}
              </Button>
            </div>
          </Field>
        </div>
      )}
    </div>
  );
}
