'use client';
// ChangePasswordForm: the signed-in user's new password, given the current one
// (checked by the server) and typed twice (checked here), with the contract's
// PasswordChange schema for the rest.
import { KeyRound } from 'lucide-react';
import { useChangeOwnPassword } from '@/lib/client/hooks';
import { MIN_PASSWORD_LENGTH, PasswordChange } from '@/lib/contract/users';
import { sentence, type FieldErrors } from '../form-errors';
import { describedBy, Field, Input } from '../ui/field';
import { SubmitButton } from '../ui/form-buttons';
import { Notice } from '../ui/notice';
import { useContractForm } from '../use-contract-form';

/** With `afterChange`, it runs once the password is changed (a temporary one replaced: sign in afresh). */
export function ChangePasswordForm({ afterChange }: { afterChange?: (newPassword: string) => Promise<void> }) {
  const changePassword = useChangeOwnPassword();
  const form = useContractForm({
    schema: PasswordChange,
    read: (values) => ({ currentPassword: String(values.get('currentPassword') ?? ''), newPassword: String(values.get('newPassword') ?? '') }),
    check: (values): FieldErrors => (values.get('confirmPassword') === values.get('newPassword') ? {} : { confirmPassword: 'does not match the new password' }),
    save: async (change) => {
      await changePassword.mutateAsync(change);
      await afterChange?.(change.newPassword);
    },
    onSaved: (_nothing, element) => element?.reset(),
  });

  const currentError = sentence('Current password', form.errors.currentPassword);
  const newError = sentence('New password', form.errors.newPassword);
  const confirmError = sentence('The repeated password', form.errors.confirmPassword);
  return (
    <form onSubmit={form.submit} onChange={form.change} noValidate className="space-y-4" aria-labelledby="password-heading">
      {form.saved && (
        <Notice tone="success" title="Your password was changed">
          Use it the next time you sign in. Your other sessions, if any, are signed out.
        </Notice>
      )}
      {form.refusal && (
        <Notice tone="error" title="The password was not changed">
          {form.refusal.message}
        </Notice>
      )}
      <Field id="current-password" label="Current password" error={currentError}>
        <Input
          {...describedBy('current-password', currentError)}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          isInvalid={Boolean(currentError)}
        />
      </Field>
      <Field id="new-password" label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={newError}>
        <Input {...describedBy('new-password', newError, true)} name="newPassword" type="password" autoComplete="new-password" isInvalid={Boolean(newError)} />
      </Field>
      <Field id="confirm-password" label="Repeat the new password" error={confirmError}>
        <Input
          {...describedBy('confirm-password', confirmError)}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          isInvalid={Boolean(confirmError)}
        />
      </Field>
      <SubmitButton isSaving={form.isSaving} icon={<KeyRound aria-hidden />} label="Change password" pendingLabel="Changing…" />
    </form>
  );
}
