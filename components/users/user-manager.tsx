'use client';
// UserManager: who can sign in to the dashboard, and adding someone (as
// `npm run user -- create` does), checked by the contract's NewUser schema.
import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCreateUser, useUsers } from '@/lib/client/hooks';
import { NewUser, type User } from '@/lib/contract/users';
import { errorsFromApi, fieldErrorsFromIssues, sentence, type FieldErrors } from '../form-errors';
import { formatDateTime } from '../format';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Button } from '../ui/button';
import { describedBy, Field, Input } from '../ui/field';
import { Notice } from '../ui/notice';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';

const USER_COLUMNS = [{ title: 'Email' }, { title: 'Added' }];

export function UserManager() {
  const users = useUsers();
  return (
    <div className="space-y-6">
      <AddUserForm />
      {users.isPending ? (
        <TableSkeleton columns={USER_COLUMNS} rows={2} label="Users (loading)" />
      ) : users.isError ? (
        <LoadError what="users" error={users.error} onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : (
        <TableCard>
          <Table aria-label="Users">
            <TableHead columns={USER_COLUMNS} />
            <tbody>
              {users.data.map((user) => (
                <Tr key={user.id}>
                  <Td className="font-medium">{user.email}</Td>
                  <Td className="text-zinc-600 dark:text-zinc-400">{formatDateTime(user.createdAt)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      )}
    </div>
  );
}

function AddUserForm() {
  const createUser = useCreateUser();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [added, setAdded] = useState<User>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setAdded(undefined);
    const form = event.currentTarget;
    const values = new FormData(form);
    const checked = NewUser.safeParse({ email: String(values.get('email') ?? ''), password: String(values.get('password') ?? '') }, { reportInput: true });
    if (!checked.success) return setErrors(fieldErrorsFromIssues(checked.error.issues));
    setErrors({});
    try {
      setAdded(await createUser.mutateAsync(checked.data));
      form.reset();
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      setFormError(refused.message);
    }
  }

  const emailError = sentence('Email', errors.email);
  const passwordError = sentence('Password', errors.password);
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="font-semibold">Add a user</h3>
      {added && <Notice tone="success" title={`${added.email} can now sign in`}>Give them their password by a safe channel; they can change it here.</Notice>}
      {formError && <Notice tone="error" title="The user was not added">{formError}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="user-email" label="Email" error={emailError}>
          <Input {...describedBy('user-email', emailError)} name="email" type="email" autoComplete="off" isInvalid={Boolean(emailError)} />
        </Field>
        <Field id="user-password" label="First password" hint="At least 8 characters." error={passwordError}>
          <Input {...describedBy('user-password', passwordError, true)} name="password" type="password" autoComplete="new-password" isInvalid={Boolean(passwordError)} />
        </Field>
      </div>
      <Button type="submit" disabled={createUser.isPending}>
        <UserPlus aria-hidden />
        {createUser.isPending ? 'Adding…' : 'Add user'}
      </Button>
    </form>
  );
}
