'use client';
// CategoryManager: the Categories page's interactive part: add a category,
// list them all by name with their pet count (a link to those pets), rename
// one, delete one that no pet is in.
import { Plus, Tags } from 'lucide-react';
import { useCategories, useCreateCategory } from '@/lib/client/hooks';
import { NewCategory, type ListedCategory } from '@/lib/contract/categories';
import { sentence } from '../form-errors';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { describedBy, Field, Input } from '../ui/field';
import { EmptyState } from '../ui/empty-state';
import { SubmitButton } from '../ui/form-buttons';
import { FlashNotice } from '../ui/flash-notice';
import { PageHeader } from '../ui/page-header';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { useContractForm } from '../use-contract-form';
import { DeleteCategoryButton } from './delete-category-button';
import { petsText } from './pet-count';
import { RenameCategoryButton } from './rename-category-button';
import { ReadOnlyNote, RoleGate } from '../role-gate';
import { IntentLink } from '../intent-link';

const CATEGORY_COLUMNS = [{ title: 'Name' }, { title: 'Pets' }, { title: 'Actions', isTitleHidden: true, className: 'text-right' }];

const byName = (left: ListedCategory, right: ListedCategory) => left.name.localeCompare(right.name);

export function CategoryManager() {
  const categories = useCategories();
  return (
    <>
      <PageHeader title="Categories" description="What kinds of animal the catalogue holds. A pet names its category by id." />
      <ReadOnlyNote operation="createCategory" what="categories" />
      <RoleGate operation="createCategory">
        <AddCategoryForm />
      </RoleGate>
      {categories.isPending ? (
        <TableSkeleton columns={CATEGORY_COLUMNS} rows={5} label="Categories (loading)" />
      ) : categories.isError ? (
        <LoadError what="categories" error={categories.error} onRetry={() => void categories.refetch()} isRetrying={categories.isFetching} />
      ) : categories.data.length === 0 ? (
        <TableCard>
          <EmptyState icon={<Tags aria-hidden />} title="No categories yet">
            Add one above; pets can then be put in it by name.
          </EmptyState>
        </TableCard>
      ) : (
        <TableCard>
          <Table aria-label="Categories">
            <TableHead columns={CATEGORY_COLUMNS} />
            <tbody>
              {[...categories.data].sort(byName).map((category) => (
                <Tr key={category.id}>
                  <Td className="font-medium whitespace-normal!">
                    {category.name}
                    <span className="ml-2 font-mono text-xs font-normal text-zinc-500 dark:text-zinc-400">#{category.id}</span>
                  </Td>
                  <Td>
                    <IntentLink
                      href={`/pets?categoryId=${category.id}`}
                      className="rounded text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                    >
                      {petsText(category.petCount)}
                      <span className="sr-only"> in {category.name}</span>
                    </IntentLink>
                  </Td>
                  <Td className="text-right">
                    <RoleGate operation="updateCategory">
                      <div className="flex justify-end gap-1">
                        <RenameCategoryButton category={category} />
                        <DeleteCategoryButton category={category} />
                      </div>
                    </RoleGate>
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      )}
    </>
  );
}

function AddCategoryForm() {
  const createCategory = useCreateCategory();
  const form = useContractForm({
    schema: NewCategory,
    read: (values) => ({ name: String(values.get('name') ?? '') }),
    save: (newCategory) => createCategory.mutateAsync(newCategory),
    onSaved: (_category, element) => element?.reset(),
  });
  const error = sentence('Name', form.errors.name) ?? form.refusal?.message;
  const added = form.saved?.value;
  return (
    <>
      <form
        onSubmit={form.submit}
        onChange={form.change}
        noValidate
        className="mb-6 flex flex-wrap items-start gap-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Field id="new-category" label="New category" error={error} className="min-w-0 flex-1 sm:max-w-sm">
          <Input
            {...describedBy('new-category', error)}
            name="name"
            autoComplete="off"
            maxLength={100}
            isInvalid={Boolean(error)}
            placeholder="e.g. Reptiles"
          />
        </Field>
        <SubmitButton isSaving={form.isSaving} icon={<Plus aria-hidden />} label="Add category" pendingLabel="Adding…" className="mt-7" />
      </form>
      {added && (
        <FlashNotice tone="success" className="mb-4" title={`${added.name} was added`} onDismiss={form.clear}>
          Category id {added.id}.
        </FlashNotice>
      )}
    </>
  );
}
