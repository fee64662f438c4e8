'use client';
// ConfirmDialog: a button that opens a dialog asking to confirm one mutation.
// While it runs, both buttons wait; a refusal is shown in the dialog, which
// stays open; closing it forgets the refusal. The dashboard's deletes, revokes
// and user actions are all this one dialog.
import { useState, type ReactNode } from 'react';
import { errorsFromApi } from '../form-errors';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { Notice } from './notice';

type Mutation = { isPending: boolean; isError: boolean; error: unknown; reset: () => void };

export function ConfirmDialog(props: {
  /** The button that opens the dialog (a Button element). */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  mutation: Mutation;
  /** Runs the mutation; `close` closes the dialog (call it on success). */
  run: (close: () => void) => void;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  isDanger?: boolean;
  /** The refusal's title, and what follows its message (a link to what blocks it). */
  errorTitle?: string;
  errorDetail?: ReactNode;
  /** False hides the confirm button: nothing is left to try (a refusal that stands). */
  canConfirm?: boolean;
  onClosed?: () => void;
  children?: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const { mutation, canConfirm = true } = props;
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) {
          mutation.reset();
          props.onClosed?.();
        }
      }}
    >
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent title={props.title} description={props.description}>
        {props.children && <div className="mb-4 space-y-3 text-sm text-zinc-700 dark:text-zinc-300">{props.children}</div>}
        {mutation.isError && (
          <Notice tone="error" title={props.errorTitle ?? 'Nothing was changed'} className="mb-4">
            <p>{errorsFromApi(mutation.error).message}</p>
            {props.errorDetail}
          </Notice>
        )}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" disabled={mutation.isPending}>
              {props.cancelLabel ?? 'Cancel'}
            </Button>
          </DialogClose>
          {canConfirm && (
            <Button variant={props.isDanger ? 'danger' : 'primary'} disabled={mutation.isPending} onClick={() => props.run(() => setOpen(false))}>
              {mutation.isPending ? props.pendingLabel : props.confirmLabel}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
