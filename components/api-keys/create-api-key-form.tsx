'use client';
// CreateApiKeyForm: a key's name, scope and lifetime; checked by the contract's
// NewApiKey schema in the browser, then by the server.
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCreateApiKey } from '@/lib/client/hooks';
import { NewApiKey, type CreatedApiKey } from '@/lib/contract/api-keys';
import { errorsFromApi, fieldErrorsFromIssues, sentence, type FieldErrors } from '../form-errors';
import { Button } from '../ui/button';
import { describedBy, Field, Input, Select } from '../ui/field';
import { Notice } from '../ui/notice';

const DAY_MS = 86_400_000;
const LIFETIMES = [
  { value: '', label: 'Never expires' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

export function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const createApiKey = useCreateApiKey();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const form = new FormData(event.currentTarget);
    const days = Number(form.get('lifetime') || 0);
    const checked = NewApiKey.safeParse({
      name: String(form.get('name') ?? ''),
      scope: String(form.get('scope') ?? ''),
      ...(days > 0 ? { expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() } : {}),
    }, { reportInput: true });
    if (!checked.success) {
      setErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      onCreated(await createApiKey.mutateAsync(checked.data));
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      setFormError(refused.message);
    }
  }

  const nameError = sentence('Name', errors.name);
  const scopeError = sentence('Scope', errors.scope);
  const lifetimeError = sentence('Expiry', errors.expiresAt);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Notice tone="error" title="The key was not created">{formError}</Notice>}
      <Field id="key-name" label="Name" hint="Say who or what uses it, e.g. “Inventory sync”." error={nameError}>
        <Input {...describedBy('key-name', nameError, true)} name="name" autoComplete="off" isInvalid={Boolean(nameError)} autoFocus />
      </Field>
      <Field id="key-scope" label="Scope" error={scopeError}>
        <Select {...describedBy('key-scope', scopeError)} name="scope" defaultValue="read" isInvalid={Boolean(scopeError)}>
          <option value="read">Read: list and view pets and orders</option>
          <option value="write">Write: read, and add pets</option>
        </Select>
      </Field>
      <Field id="key-lifetime" label="Expiry" error={lifetimeError}>
        <Select {...describedBy('key-lifetime', lifetimeError)} name="lifetime" defaultValue="90" isInvalid={Boolean(lifetimeError)}>
          {LIFETIMES.map((lifetime) => (
            <option key={lifetime.value} value={lifetime.value}>
              {lifetime.label}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={createApiKey.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={createApiKey.isPending}>
          <KeyRound aria-hidden />
          {createApiKey.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
    </form>
  );
}
