'use client';
// PetForm: name, category and status, for adding a pet or editing one. Both
// are checked in the browser by the contract's NewPet schema, then by the
// server, whose field errors appear beside the fields. An edit sends only what
// changed (PATCH); a refused status change is explained with the rules.
import { Plus, Save } from 'lucide-react';
import { useCreatePet, useUpdatePet } from '@/lib/client/hooks';
import { NewPet, type Pet, type PetUpdate } from '@/lib/contract/pets';
import { CategoryPicker } from '../categories/category-picker';
import { sentence } from '../form-errors';
import { FormButtons } from '../ui/form-buttons';
import { describedBy, Field, Input } from '../ui/field';
import { Notice } from '../ui/notice';
import { useContractForm } from '../use-contract-form';
import { PetStatusField } from './pet-status-field';

const STATUS_RULES =
  'A pet’s status follows its orders: placing an order makes it pending, delivery makes it sold, cancelling makes it available again. ' +
  'It can be set by hand only while the pet has no open (placed or approved) order, and never to pending.';

/** What the form holds, as the contract wants it: an empty category is absent, digits are a number. */
function toNewPetInput(form: FormData) {
  const category = String(form.get('categoryId') ?? '').trim();
  const status = String(form.get('status') ?? '');
  return {
    name: String(form.get('name') ?? ''),
    categoryId: category === '' ? undefined : /^[0-9]+$/.test(category) ? Number(category) : category,
    ...(status ? { status } : {}),
  };
}

/** Only the fields that differ from the pet: `status: null` takes its status away. */
function changesTo(pet: Pet, wanted: NewPet): PetUpdate {
  const update: PetUpdate = {};
  if (wanted.name !== pet.name) update.name = wanted.name;
  if (wanted.categoryId !== pet.categoryId) update.categoryId = wanted.categoryId;
  if (wanted.status !== pet.status) update.status = wanted.status ?? null;
  return update;
}

/** Given a pet, the form edits it; else it adds one. */
type Props = { pet?: Pet; onSaved: (pet: Pet) => void; onCancel: () => void };

export function PetForm({ pet, onSaved, onCancel }: Props) {
  const createPet = useCreatePet();
  const updatePet = useUpdatePet(pet?.id ?? 0);
  const form = useContractForm({
    schema: NewPet,
    read: toNewPetInput,
    save: async (wanted) => {
      if (!pet) return createPet.mutateAsync(wanted);
      const update = changesTo(pet, wanted);
      return Object.keys(update).length === 0 ? pet : updatePet.mutateAsync(update);
    },
    onSaved,
  });

  const nameError = sentence('Name', form.errors.name);
  const categoryError = sentence('Category', form.errors.categoryId);
  const statusError = sentence('Status', form.errors.status);
  const verb = pet ? 'saved' : 'added';
  return (
    <form onSubmit={form.submit} onChange={form.change} noValidate className="space-y-4">
      {form.refusal && (
        <Notice tone="error" title={`The pet was not ${verb}`}>
          <p>{form.refusal.message}</p>
          {form.refusal.status === 409 && <p className="mt-1">{STATUS_RULES}</p>}
        </Notice>
      )}
      <Field id="pet-name" label="Name" error={nameError}>
        <Input
          {...describedBy('pet-name', nameError)}
          name="name"
          defaultValue={pet?.name}
          autoComplete="off"
          maxLength={200}
          isInvalid={Boolean(nameError)}
          autoFocus
        />
      </Field>
      <CategoryPicker id="pet-category" initial={pet?.categoryId} error={categoryError} onCreated={() => form.changed('categoryId')} />
      <PetStatusField pet={pet} error={statusError} />
      <FormButtons
        onCancel={onCancel}
        isSaving={form.isSaving}
        {...(pet
          ? { icon: <Save aria-hidden />, label: 'Save changes', pendingLabel: 'Saving…' }
          : { icon: <Plus aria-hidden />, label: 'Add pet', pendingLabel: 'Adding…' })}
      />
    </form>
  );
}
