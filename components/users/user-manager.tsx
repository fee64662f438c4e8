'use client';
// UserManager (admins): who can sign in to the dashboard, with their role and
// state and what an admin may do to each (user-actions.tsx), and adding someone
// (as `npm run user -- create` does), checked by the contract's NewUser schema.
// A search box narrows the list to the emails that contain what is typed (first
// filled from `?search=`: the Activity page links an account's entries here). A
// table on a desk: emails wrap, the date added goes under the email and the
// four actions two by two, so the columns fit a 1280 px window (the card
// stacks them when they do not).
import { UserPlus } from 'lucide-react';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useCreateUser, useUsers } from '@/lib/client/hooks';
import { useMe } from '@/lib/client/provider';
import { ROLES } from '@/lib/contract/roles';
import { MIN_PASSWORD_LENGTH, NewUser, type User } from '@/lib/contract/users';
import { sentence } from '../form-errors';
import { DateTimeCell } from '../date-time-cell';
import { formatDate } from '../format';
import { LoadError } from '../load-error';
import { TableSkeleton } from '../table-skeleton';
import { Badge } from '../ui/badge';
import { describedBy, Field, Input, Select } from '../ui/field';
import { SubmitButton } from '../ui/form-buttons';
import { Notice } from '../ui/notice';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { useContractForm } from '../use-contract-form';
import { ChangeRoleButton, DeleteUserButton, DisableUserButton, ResetPasswordButton } from './user-actions';

const USER_COLUMNS = [
  { title: 'Email' },
  { title: 'Role' },
  { title: 'State' },
  { title: 'Last sign-in' },
  { title: 'Actions', isTitleHidden: true, className: 'text-right' },
];

export function UserManager() {
  const users = useUsers();
  const [search, setSearch] = useState(useSearchParams().get('search') ?? '');
  const wanted = search.trim().toLowerCase();
  const shown = users.data?.filter((user) => user.email.toLowerCase().includes(wanted));
  return (
    <div className="space-y-6">
      <AddUserForm />
      <Field id="user-search" label="Search users">
        <Input id="user-search" type="search" placeholder="Part of an email" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field>
      {users.isPending ? (
        <TableSkeleton columns={USER_COLUMNS} rows={2} label="Users (loading)" />
      ) : users.isError ? (
        <LoadError what="users" error={users.error} onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : (
        <TableCard className="[&_td]:px-3 [&_th]:px-3">
          <Table aria-label="Users">
            <TableHead columns={USER_COLUMNS} />
            <tbody>
              {shown?.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </Table>
          {shown?.length === 0 && <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-400">No user’s email contains “{search.trim()}”.</p>}
        </TableCard>
      )}
    </div>
  );
}

function UserRow({ user }: { user: User }) {
  const me = useMe();
  const isMe = user.email === me.email;
  return (
    <Tr>
      <Td wraps>
        {/* One block: a stacked row's cell is a grid of its label and one value. */}
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-medium">{user.email}</span>
          {isMe && <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">(you)</span>}
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">Added {formatDate(user.createdAt)}</span>
        </div>
      </Td>
      <Td>
        <Badge tone={user.role === 'admin' ? 'violet' : user.role === 'editor' ? 'blue' : 'zinc'}>{user.role}</Badge>
      </Td>
      <Td>
        {user.disabled ? (
          <Badge tone="red">disabled</Badge>
        ) : user.mustChangePassword ? (
          <Badge tone="amber">must change password</Badge>
        ) : (
          <Badge tone="green">active</Badge>
        )}
      </Td>
      <Td className="text-zinc-600 dark:text-zinc-400">
        <DateTimeCell iso={user.lastSignInAt} fallback="Never" />
      </Td>
      <Td className="text-right whitespace-normal!">
        {isMe ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">Another admin changes your account</span>
        ) : (
          <div className="ml-auto grid w-max grid-cols-[repeat(2,max-content)] justify-items-end gap-1">
            <ChangeRoleButton user={user} />
            <ResetPasswordButton user={user} />
            <DisableUserButton user={user} />
            <DeleteUserButton user={user} />
          </div>
        )}
      </Td>
    </Tr>
  );
}

function AddUserForm() {
  const createUser = useCreateUser();
  const form = useContractForm({
    schema: NewUser,
    read: (values) => ({
      email: String(values.get('email') ?? ''),
      password: String(values.get('password') ?? ''),
      role: String(values.get('role') ?? 'viewer'),
    }),
    save: (newUser) => createUser.mutateAsync(newUser),
    onSaved: (_user, element) => element?.reset(),
  });
  const added = form.saved?.value;

  const emailError = sentence('Email', form.errors.email);
  const passwordError = sentence('Password', form.errors.password);
  return (
    <form
      onSubmit={form.submit}
      onChange={form.change}
      noValidate
      className="space-y-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="font-semibold">Add a user</h3>
      {added && (
        <Notice tone="success" title={`${added.email} can now sign in`}>
          Give them their password by a safe channel: they choose their own at their first sign-in.
        </Notice>
      )}
      {form.refusal && (
        <Notice tone="error" title="The user was not added">
          {form.refusal.message}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="user-email" label="Email" error={emailError}>
          <Input {...describedBy('user-email', emailError)} name="email" type="email" autoComplete="off" isInvalid={Boolean(emailError)} />
        </Field>
        <Field
          id="user-password"
          label="First password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. They replace it at their first sign-in.`}
          error={passwordError}
        >
          <Input
            {...describedBy('user-password', passwordError, true)}
            name="password"
            type="password"
            autoComplete="new-password"
            isInvalid={Boolean(passwordError)}
          />
        </Field>
        <Field id="user-role" label="Role">
          <Select id="user-role" name="role" defaultValue="viewer">
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <SubmitButton isSaving={form.isSaving} icon={<UserPlus aria-hidden />} label="Add user" pendingLabel="Adding…" />
    </form>
  );
}
