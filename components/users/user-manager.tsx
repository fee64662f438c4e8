'use client';
// UserManager: who can sign in to the dashboard, and adding someone (as
// `npm run user -- create` does), checked by the contract's NewUser schema.
import { UserPlus } from 'lucide-react';
import { useCreateUser, useUsers } from '@/lib/client/hooks';
import { MIN_PASSWORD_LENGTH, NewUser } from '@/lib/contract/users';
import { sentence } from '../form-errors';
import { formatDateTime } from '../format';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { describedBy, Field, Input } from '../ui/field';
import { SubmitButton } from '../ui/form-buttons';
import { Notice } from '../ui/notice';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { useContractForm } from '../use-contract-form';

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
  const form = useContractForm({
    schema: NewUser,
    read: (values) => ({ email: String(values.get('email') ?? ''), password: String(values.get('password') ?? '') }),
    save: (newUser) => createUser.mutateAsync(newUser),
    onSaved: (_user, element) => element?.reset(),
  });
  const added = form.saved?.value;

  const emailError = sentence('Email', form.errors.email);
  const passwordError = sentence('Password', form.errors.password);
  return (
    <form onSubmit={form.submit} noValidate className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="font-semibold">Add a user</h3>
      {added && <Notice tone="success" title={`${added.email} can now sign in`}>Give them their password by a safe channel; they can change it here.</Notice>}
      {form.refusal && <Notice tone="error" title="The user was not added">{form.refusal.message}</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="user-email" label="Email" error={emailError}>
          <Input {...describedBy('user-email', emailError)} name="email" type="email" autoComplete="off" isInvalid={Boolean(emailError)} />
        </Field>
        <Field id="user-password" label="First password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={passwordError}>
          <Input {...describedBy('user-password', passwordError, true)} name="password" type="password" autoComplete="new-password" isInvalid={Boolean(passwordError)} />
        </Field>
      </div>
      <SubmitButton isSaving={form.isSaving} icon={<UserPlus aria-hidden />} label="Add user" pendingLabel="Adding…" />
    </form>
  );
}
