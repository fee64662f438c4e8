'use client';
// CreateApiKeyForm: a key's name, scope and lifetime; checked by the contract's
// NewApiKey schema in the browser, then by the server.
import { KeyRound } from 'lucide-react';
import { useCreateApiKey } from '@/lib/client/hooks';
import { NewApiKey, type CreatedApiKey } from '@/lib/contract/api-keys';
import { sentence } from '../form-errors';
import { FormButtons } from '../ui/form-buttons';
import { describedBy, Field, Input, Select } from '../ui/field';
import { Notice } from '../ui/notice';
import { useContractForm } from '../use-contract-form';
import { useRole } from '@/lib/client/provider';
import { keyScopeRefusal, ROLE_SCOPE, SCOPE_ALLOWS } from '@/lib/contract/roles';
import { scopesFor } from '@/lib/contract/api-keys';

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
  const form = useContractForm({
    schema: NewApiKey,
    read: (values) => {
      const days = Number(values.get('lifetime') || 0);
      return {
        name: String(values.get('name') ?? ''),
        scope: String(values.get('scope') ?? ''),
        ...(days > 0 ? { expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() } : {}),
      };
    },
    save: (newKey) => createApiKey.mutateAsync(newKey),
    onSaved: onCreated,
  });

  const role = useRole();
  const canWrite = keyScopeRefusal({ role, heldScopes: scopesFor(ROLE_SCOPE[role]) }, 'write') === null;
  const nameError = sentence('Name', form.errors.name);
  const scopeError = sentence('Scope', form.errors.scope);
  const lifetimeError = sentence('Expiry', form.errors.expiresAt);
  return (
    <form onSubmit={form.submit} onChange={form.change} noValidate className="space-y-4">
      {form.refusal && (
        <Notice tone="error" title="The key was not created">
          {form.refusal.message}
        </Notice>
      )}
      <Field id="key-name" label="Name" hint="Say who or what uses it, e.g. “Inventory sync”." error={nameError}>
        <Input {...describedBy('key-name', nameError, true)} name="name" autoComplete="off" isInvalid={Boolean(nameError)} autoFocus />
      </Field>
      <Field id="key-scope" label="Scope" error={scopeError}>
        <Select {...describedBy('key-scope', scopeError)} name="scope" defaultValue="read" isInvalid={Boolean(scopeError)}>
          <option value="read">Read: {SCOPE_ALLOWS.read}</option>
          <option value="write" disabled={!canWrite}>
            Write: {SCOPE_ALLOWS.write}
            {canWrite ? '' : ' (not for viewers)'}
          </option>
        </Select>
      </Field>
      {!canWrite && <p className="text-xs text-zinc-600 dark:text-zinc-400">Your role (viewer) may make read keys only.</p>}
      <Field id="key-lifetime" label="Expiry" error={lifetimeError}>
        <Select {...describedBy('key-lifetime', lifetimeError)} name="lifetime" defaultValue="90" isInvalid={Boolean(lifetimeError)}>
          {LIFETIMES.map((lifetime) => (
            <option key={lifetime.value} value={lifetime.value}>
              {lifetime.label}
            </option>
          ))}
        </Select>
      </Field>
      <FormButtons onCancel={onCancel} isSaving={form.isSaving} icon={<KeyRound aria-hidden />} label="Create key" pendingLabel="Creating…" />
    </form>
  );
}
