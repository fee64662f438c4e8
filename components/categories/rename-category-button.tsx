'use client';
// RenameCategoryButton: a dialog with the category's name to change; a name
// another category has (ignoring case) is refused beside the field.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useRenameCategory } from '@/lib/client/hooks';
import { CategoryUpdate, type Category } from '@/lib/contract/categories';
import { sentence } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog';
import { describedBy, Field, Input } from '../ui/field';
import { FormButtons } from '../ui/form-buttons';
import { useContractForm } from '../use-contract-form';

export function RenameCategoryButton({ category }: { category: Category }) {
  const [isOpen, setOpen] = useState(false);
  const rename = useRenameCategory(category.id);
  const form = useContractForm({
    schema: CategoryUpdate,
    read: (values) => ({ name: String(values.get('name') ?? '') }),
    save: (update) => rename.mutateAsync(update.name),
    onSaved: () => setOpen(false),
  });
  const toggle = (open: boolean) => {
    setOpen(open);
    form.clear();
  };
  const error = sentence('Name', form.errors.name) ?? form.refusal?.message;

  return (
    <Dialog open={isOpen} onOpenChange={toggle}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Rename ${category.name}`}>
          <Pencil aria-hidden />
          {/* On a phone the pencil alone; the button's name says what it renames. */}
          <span className="hidden sm:inline">Rename</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={`Rename ${category.name}`} description="Pets keep their category; they show the new name.">
        <form onSubmit={form.submit} onChange={form.change} noValidate className="space-y-4">
          <Field id="category-name" label="Name" error={error}>
            <Input
              {...describedBy('category-name', error)}
              name="name"
              defaultValue={category.name}
              autoComplete="off"
              maxLength={100}
              isInvalid={Boolean(error)}
              autoFocus
            />
          </Field>
          <FormButtons onCancel={() => toggle(false)} isSaving={form.isSaving} label="Save name" pendingLabel="Saving…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
