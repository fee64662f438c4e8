'use client';
// CategoryManager: the Categories page's interactive part: add a category,
// list them all by name with a link to their pets, rename one.
import { Plus, Tags } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useCategories, useCreateCategory } from '@/lib/client/hooks';
import type { Category } from '@/lib/contract/categories';
import { NewCategory } from '@/lib/contract/categories';
import { errorsFromApi, fieldErrorsFromIssues, sentence } from '../form-errors';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { describedBy, Field, Input } from '../ui/field';
import { EmptyState } from '../ui/empty-state';
import { Notice } from '../ui/notice';
import { PageHeader } from '../ui/page-header';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { RenameCategoryButton } from './rename-category-button';

const CATEGORY_COLUMNS = [{ title: 'Name' }, { title: 'Pets' }, { title: 'Actions', isTitleHidden: true, className: 'text-right' }];

const byName = (left: Category, right: Category) => left.name.localeCompare(right.name);

export function CategoryManager() {
  const categories = useCategories();
  const [added, setAdded] = useState<Category>();
  return (
    <>
      <PageHeader title="Categories" description="What kinds of animal the catalogue holds. A pet names its category by id." />
      <AddCategoryForm onAdded={setAdded} />
      {added && (
        <Notice
          tone="success"
          className="mb-4"
          title={`${added.name} was added`}
          onDismiss={() => setAdded(undefined)}
        >
          Category id {added.id}.
        </Notice>
      )}
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
                    <Link
                      href={`/pets?categoryId=${category.id}`}
                      className="rounded text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                    >
                      View pets<span className="sr-only"> in {category.name}</span>
                    </Link>
                  </Td>
                  <Td className="text-right">
                    <RenameCategoryButton category={category} />
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

function AddCategoryForm({ onAdded }: { onAdded: (category: Category | undefined) => void }) {
  const createCategory = useCreateCategory();
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onAdded(undefined);
    const form = event.currentTarget;
    const checked = NewCategory.safeParse({ name: String(new FormData(form).get('name') ?? '') }, { reportInput: true });
    if (!checked.success) return setError(sentence('Name', fieldErrorsFromIssues(checked.error.issues).name));
    setError(undefined);
    try {
      onAdded(await createCategory.mutateAsync(checked.data));
      form.reset();
    } catch (failure) {
      const refused = errorsFromApi(failure);
      setError(refused.fields.name ? sentence('Name', refused.fields.name) : refused.message);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mb-6 flex flex-wrap items-start gap-2 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <Field id="new-category" label="New category" error={error} className="min-w-0 flex-1 sm:max-w-sm">
        <Input {...describedBy('new-category', error)} name="name" autoComplete="off" maxLength={100} isInvalid={Boolean(error)} placeholder="e.g. Reptiles" />
      </Field>
      <Button type="submit" disabled={createCategory.isPending} className="mt-7">
        <Plus aria-hidden />
        {createCategory.isPending ? 'Adding…' : 'Add category'}
      </Button>
    </form>
  );
}
