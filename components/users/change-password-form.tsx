'use client';
// ChangePasswordForm: the signed-in user's new password, given the current one
// (checked by the server) and typed twice (checked here), with the contract's
// PasswordChange schema for the rest.
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useChangeOwnPassword } from '@/lib/client/hooks';
import { PasswordChange } from '@/lib/contract/users';
import { errorsFromApi, fieldErrorsFromIssues, sentence, type FieldErrors } from '../form-errors';
import { Button } from '../ui/button';
import { describedBy, Field, Input } from '../ui/field';
import { Notice } from '../ui/notice';

export function ChangePasswordForm() {
  const changePassword = useChangeOwnPassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    changePassword.reset();
    setFormError(undefined);
    const form = event.currentTarget;
    const values = new FormData(form);
    const checked = PasswordChange.safeParse(
      { currentPassword: String(values.get('currentPassword') ?? ''), newPassword: String(values.get('newPassword') ?? '') },
      { reportInput: true },
    );
    const found = checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
    if (values.get('confirmPassword') !== values.get('newPassword')) found.confirmPassword = 'does not match the new password';
    if (!checked.success || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    try {
      await changePassword.mutateAsync(checked.data);
      form.reset();
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      setFormError(refused.message);
    }
  }

  const currentError = sentence('Current password', errors.currentPassword);
  const newError = sentence('New password', errors.newPassword);
  const confirmError = sentence('The repeated password', errors.confirmPassword);
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="password-heading">
      {changePassword.isSuccess && (
        <Notice tone="success" title="Your password was changed">
          Use it the next time you sign in. Your other sessions, if any, are signed out.
        </Notice>
      )}
      {formError && <Notice tone="error" title="The password was not changed">{formError}</Notice>}
      <Field id="current-password" label="Current password" error={currentError}>
        <Input {...describedBy('current-password', currentError)} name="currentPassword" type="password" autoComplete="current-password" isInvalid={Boolean(currentError)} />
      </Field>
      <Field id="new-password" label="New password" hint="At least 8 characters." error={newError}>
        <Input {...describedBy('new-password', newError, true)} name="newPassword" type="password" autoComplete="new-password" isInvalid={Boolean(newError)} />
      </Field>
      <Field id="confirm-password" label="Repeat the new password" error={confirmError}>
        <Input {...describedBy('confirm-password', confirmError)} name="confirmPassword" type="password" autoComplete="new-password" isInvalid={Boolean(confirmError)} />
      </Field>
      <Button type="submit" disabled={changePassword.isPending}>
        <KeyRound aria-hidden />
        {changePassword.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
