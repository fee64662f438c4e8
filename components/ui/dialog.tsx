'use client';
// Dialog: Radix's accessible modal (focus trap, Escape, return focus) in the dashboard's look.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <RadixDialog.Portal>
      <DialogPanel {...props} />
    </RadixDialog.Portal>
  );
}

/** Rendered only while the dialog is open (Radix's Portal mounts it on opening). */
function DialogPanel({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  // Radix returns focus to a DialogTrigger only: a dialog opened by another
  // button, or mounted on demand, left focus on <body> when it closed. What had
  // focus at the panel's first render (before any autoFocus inside) opened it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/50 backdrop-blur-[2px]" />
      <RadixDialog.Content
        className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        {...(description ? {} : { 'aria-describedby': undefined })}
        onCloseAutoFocus={(event) => {
          if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="space-y-1">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description && <RadixDialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{description}</RadixDialog.Description>}
          </div>
          <RadixDialog.Close
            className="-m-1 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
            aria-label="Close"
          >
            <X className="size-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </>
  );
}
