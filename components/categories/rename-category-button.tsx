'use client';
// RenameCategoryButton: a dialog with the category's name to change; a name
// another category has (ignoring case) is refused beside the field.
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useRenameCategory } from '@/lib/client/hooks';
import { CategoryUpdate, type Category } from '@/lib/contract/categories';
import { errorsFromApi, fieldErrorsFromIssues, sentence } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { describedBy, Field, Input } from '../ui/field';

export function RenameCategoryButton({ category }: { category: Category }) {
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const rename = useRenameCategory(category.id);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = CategoryUpdate.safeParse({ name: String(new FormData(event.currentTarget).get('name') ?? '') }, { reportInput: true });
    if (!checked.success) return setError(sentence('Name', fieldErrorsFromIssues(checked.error.issues).name));
    setError(undefined);
    try {
      await rename.mutateAsync(checked.data.name);
      setOpen(false);
    } catch (failure) {
      const refused = errorsFromApi(failure);
      setError(refused.fields.name ? sentence('Name', refused.fields.name) : refused.message);
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Rename ${category.name}`}>
          <Pencil aria-hidden />
          {/* On a phone the pencil alone; the button's name says what it renames. */}
          <span className="hidden sm:inline">Rename</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={`Rename ${category.name}`} description="Pets keep their category; they show the new name.">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="category-name" label="Name" error={error}>
            <Input {...describedBy('category-name', error)} name="name" defaultValue={category.name} autoComplete="off" maxLength={100} isInvalid={Boolean(error)} autoFocus />
          </Field>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save name'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
