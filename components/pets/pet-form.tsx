'use client';
// PetForm: name, category, status and tags, for adding a pet or editing one.
// Both are checked in the browser by the contract's schemas (NewPet, and the
// tags' rule), then by the server, whose field errors appear beside the fields.
// An edit sends only what changed, tags included, in one PATCH; an added pet
// gets its tags right after (NewPet, the contract's, has none). A refused
// status change is explained with the rules.
import { Plus, Save } from 'lucide-react';
import { z } from 'zod';
import { useCreatePet, useUpdatePet, type SavedPet } from '@/lib/client/hooks';
import { NewPet, type PetUpdate, type PetWithIncluded } from '@/lib/contract/pets';
import { tagList } from '@/lib/contract/tags';
import { CategoryPicker } from '../categories/category-picker';
import { TagsField } from '../tags/tags-field';
import { sentence } from '../form-errors';
import { FormButtons } from '../ui/form-buttons';
import { describedBy, Field, Input } from '../ui/field';
import { Notice } from '../ui/notice';
import { useContractForm } from '../use-contract-form';
import { PetStatusField } from './pet-status-field';

const STATUS_RULES =
  'A pet’s status follows its orders: placing an order makes it pending, delivery makes it sold, cancelling makes it available again. ' +
  'It can be set by hand only while the pet has no open (placed or approved) order, and never to pending.';

/** A new pet and its tags, as the form checks them. */
const PetFormValues = NewPet.extend({ tags: tagList('The pet’s tags.') });
type PetFormValues = z.infer<typeof PetFormValues>;

/** What the form holds, as the contract wants it: an empty category is absent, digits are a number. */
function toPetFormInput(form: FormData) {
  const category = String(form.get('categoryId') ?? '').trim();
  const status = String(form.get('status') ?? '');
  return {
    name: String(form.get('name') ?? ''),
    categoryId: category === '' ? undefined : /^[0-9]+$/.test(category) ? Number(category) : category,
    ...(status ? { status } : {}),
    tags: form.getAll('tags').map(String),
  };
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, index) => tag === b[index]);

/** Only the fields that differ from the pet: `status: null` takes its status away. */
function changesTo(pet: PetWithIncluded, wanted: PetFormValues): PetUpdate {
  const update: PetUpdate = {};
  if (wanted.name !== pet.name) update.name = wanted.name;
  if (wanted.categoryId !== pet.categoryId) update.categoryId = wanted.categoryId;
  if (wanted.status !== pet.status) update.status = wanted.status ?? null;
  if (!sameTags(wanted.tags, pet.tags ?? [])) update.tags = wanted.tags;
  return update;
}

/** Whether an error's path is about the tags ("tags", or one of them: "tags.2"). */
const isTagsPath = (path: string) => path === 'tags' || path.startsWith('tags.');
const tagsError = (errors: Record<string, string>) => Object.entries(errors).find(([path]) => isTagsPath(path))?.[1];

/** Given a pet (with its tags), the form edits it; else it adds one. */
type Props = { pet?: PetWithIncluded; onSaved: (saved: SavedPet) => void; onCancel: () => void };

export function PetForm({ pet, onSaved, onCancel }: Props) {
  const createPet = useCreatePet();
  const updatePet = useUpdatePet(pet?.id ?? 0);
  const form = useContractForm({
    schema: PetFormValues,
    read: toPetFormInput,
    save: async (wanted): Promise<SavedPet> => {
      const { tags, ...newPet } = wanted;
      if (!pet) return createPet.mutateAsync({ newPet, tags });
      const update = changesTo(pet, wanted);
      return { pet: Object.keys(update).length === 0 ? pet : await updatePet.mutateAsync(update) };
    },
    onSaved,
  });

  const nameError = sentence('Name', form.errors.name);
  const categoryError = sentence('Category', form.errors.categoryId);
  const statusError = sentence('Status', form.errors.status);
  const tagError = sentence('Tag', tagsError(form.errors));
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
      <TagsField
        id="pet-tags"
        initial={pet?.tags ?? []}
        error={tagError}
        onChange={() => Object.keys(form.errors).concat('tags').filter(isTagsPath).forEach(form.changed)}
      />
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
