'use client';
// AddPetForm: name, category and optional status, checked in the browser by the
// contract's NewPet schema and then by the server, whose field errors appear
// beside the fields. Calls onAdded with the created pet.
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCreatePet } from '@/lib/client/hooks';
import { NewPet, PET_STATUSES, type Pet } from '@/lib/contract/pets';
import { errorsFromApi, fieldErrorsFromIssues, sentence, type FieldErrors } from '../form-errors';
import { Button } from '../ui/button';
import { describedBy, Field, Input, Select } from '../ui/field';
import { Notice } from '../ui/notice';
import { PET_STATUS_LABELS } from './status-badge';

/** What the form holds, as the contract wants it: an empty category is absent, digits are a number. */
function toNewPetInput(form: FormData): Record<string, unknown> {
  const category = String(form.get('categoryId') ?? '').trim();
  const status = String(form.get('status') ?? '');
  return {
    name: String(form.get('name') ?? ''),
    categoryId: category === '' ? undefined : /^[0-9]+$/.test(category) ? Number(category) : category,
    ...(status ? { status } : {}),
  };
}

export function AddPetForm({ onAdded, onCancel }: { onAdded: (pet: Pet) => void; onCancel: () => void }) {
  const createPet = useCreatePet();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const checked = NewPet.safeParse(toNewPetInput(new FormData(event.currentTarget)), { reportInput: true });
    if (!checked.success) {
      setErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      onAdded(await createPet.mutateAsync(checked.data));
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      setFormError(refused.message);
    }
  }

  const nameError = sentence('Name', errors.name);
  const categoryError = sentence('Category ID', errors.categoryId);
  const statusError = sentence('Status', errors.status);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Notice tone="error" title="The pet was not added">{formError}</Notice>}
      <Field id="pet-name" label="Name" error={nameError}>
        <Input {...describedBy('pet-name', nameError)} name="name" autoComplete="off" maxLength={200} isInvalid={Boolean(nameError)} autoFocus />
      </Field>
      <Field id="pet-category" label="Category ID" hint="A positive whole number." error={categoryError}>
        <Input
          {...describedBy('pet-category', categoryError, true)}
          name="categoryId"
          inputMode="numeric"
          autoComplete="off"
          isInvalid={Boolean(categoryError)}
        />
      </Field>
      <Field id="pet-status" label="Status" hint="Optional." error={statusError}>
        <Select {...describedBy('pet-status', statusError, true)} name="status" defaultValue="" isInvalid={Boolean(statusError)}>
          <option value="">None</option>
          {PET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PET_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={createPet.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={createPet.isPending}>
          <Plus aria-hidden />
          {createPet.isPending ? 'Adding…' : 'Add pet'}
        </Button>
      </div>
    </form>
  );
}
