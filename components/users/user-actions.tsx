'use client';
// UserActions: what an admin does to another user (change the role, disable or
// enable, reset the password, delete), each after a confirmation that says what
// ends with it: the user's signed-in sessions, and by name the API keys that
// stop working. The server decides (the last admin stays one: 409, shown here).
import { Ban, CheckCircle2, KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useApiKeys, useDeleteUser, useResetUserPassword, useUpdateUser } from '@/lib/client/hooks';
import type { ApiKey } from '@/lib/contract/api-keys';
import { ROLES, type Role } from '@/lib/contract/roles';
import type { User } from '@/lib/contract/users';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Field, Select } from '../ui/field';
import { Notice } from '../ui/notice';

const WRITE_ROLES: Role[] = ['editor', 'admin'];

/** The live keys a user made that a change would stop: all of them, or those beyond the new role. */
function keysThatStop(keys: ApiKey[] | undefined, user: User, newRole?: Role): ApiKey[] {
  return (keys ?? []).filter(
    (key) => key.madeBy?.userId === user.id && !key.revokedAt && (newRole === undefined || (key.scopes.includes('write') && !WRITE_ROLES.includes(newRole))),
  );
}

function StoppingKeys({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) return <p>No API key of theirs stops working.</p>;
  return (
    <div>
      <p>These API keys of theirs stop working at once:</p>
      <ul className="mt-1 list-disc pl-5">
        {keys.map((key) => (
          <li key={key.id}>
            {key.name} <span className="font-mono text-xs">({key.prefix}…)</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The ghost button that opens a user action's dialog (it passes on what the dialog's trigger gives it). */
function ActionTrigger({ isDanger, ...props }: ComponentProps<typeof Button> & { isDanger?: boolean }) {
  return (
    <Button variant="ghost" size="sm" className={isDanger ? 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950' : undefined} {...props} />
  );
}

export function ChangeRoleButton({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const keys = useApiKeys();
  const [role, setRole] = useState<Role>(user.role);
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger aria-label={`Change the role of ${user.email}`}>
          <ShieldCheck aria-hidden />
          Role
        </ActionTrigger>
      }
      title={`Change the role of ${user.email}`}
      confirmLabel="Change role"
      pendingLabel="Changing…"
      mutation={update}
      run={(close) => update.mutate({ role }, { onSuccess: close })}
    >
      <Field id={`role-${user.id}`} label="Role">
        <Select id={`role-${user.id}`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      <p>Their signed-in sessions end: they sign in again with the new role.</p>
      <StoppingKeys keys={role === user.role ? [] : keysThatStop(keys.data, user, role)} />
    </ConfirmDialog>
  );
}

export function DisableUserButton({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const keys = useApiKeys();
  if (user.disabled) {
    return (
      <ConfirmDialog
        trigger={
          <ActionTrigger aria-label={`Enable ${user.email}`}>
            <CheckCircle2 aria-hidden />
            Enable
          </ActionTrigger>
        }
        title={`Enable ${user.email}?`}
        confirmLabel="Enable"
        pendingLabel="Enabling…"
        mutation={update}
        run={(close) => update.mutate({ disabled: false }, { onSuccess: close })}
      >
        <p>They can sign in again. The keys that stopped when they were disabled stay revoked.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger aria-label={`Disable ${user.email}`} isDanger>
          <Ban aria-hidden />
          Disable
        </ActionTrigger>
      }
      title={`Disable ${user.email}?`}
      confirmLabel="Disable"
      pendingLabel="Disabling…"
      isDanger
      mutation={update}
      run={(close) => update.mutate({ disabled: true }, { onSuccess: close })}
    >
      <p>They cannot sign in, and their signed-in sessions end at once.</p>
      <StoppingKeys keys={keysThatStop(keys.data, user)} />
    </ConfirmDialog>
  );
}

export function DeleteUserButton({ user }: { user: User }) {
  const remove = useDeleteUser(user.id);
  const keys = useApiKeys();
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger aria-label={`Delete ${user.email}`} isDanger>
          <Trash2 aria-hidden />
          Delete
        </ActionTrigger>
      }
      title={`Delete ${user.email}?`}
      confirmLabel="Delete user"
      pendingLabel="Deleting…"
      isDanger
      mutation={remove}
      run={(close) => remove.mutate(undefined, { onSuccess: close })}
    >
      <p>This cannot be undone. Their signed-in sessions end at once; their keys stay listed, revoked.</p>
      <StoppingKeys keys={keysThatStop(keys.data, user)} />
    </ConfirmDialog>
  );
}

export function ResetPasswordButton({ user }: { user: User }) {
  const reset = useResetUserPassword(user.id);
  const [temporary, setTemporary] = useState<string>();
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger aria-label={`Reset the password of ${user.email}`}>
          <KeyRound aria-hidden />
          Reset password
        </ActionTrigger>
      }
      title={`Reset the password of ${user.email}?`}
      confirmLabel={temporary ? 'Reset again' : 'Reset password'}
      pendingLabel="Resetting…"
      mutation={reset}
      run={() => reset.mutate(undefined, { onSuccess: (answer) => setTemporary(answer.temporaryPassword) })}
      onClosed={() => setTemporary(undefined)}
    >
      {temporary ? (
        <Notice tone="success" title="Temporary password (shown only now)">
          <p className="font-mono text-base break-all select-all" data-testid="temporary-password">
            {temporary}
          </p>
          <p>Give it to them by a safe channel: they must choose their own at their next sign-in.</p>
        </Notice>
      ) : (
        <p>
          They get a temporary password, shown here once, which they must replace at their next sign-in. Their signed-in sessions end; their API keys keep
          working.
        </p>
      )}
    </ConfirmDialog>
  );
}
