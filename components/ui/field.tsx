// Form fields: a visible label, the control, a hint and the field's error, wired
// together for screen readers (aria-describedby, aria-invalid).
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

const control =
  'block rounded-lg border bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500';
const borders = (isInvalid: boolean) => (isInvalid ? 'border-red-500 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700');

export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its Field's hint or error. */
export function describedBy(id: string, error: string | undefined, hasHint = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

/** Input and Select fill their container at the standard height; a className replaces both (e.g. "h-10 w-44"). */
export function Input({ className, isInvalid = false, ...props }: ComponentProps<'input'> & { isInvalid?: boolean }) {
  return <input className={cn(control, borders(isInvalid), className ?? 'h-10 w-full')} {...props} />;
}

export function Select({ className, isInvalid = false, ...props }: ComponentProps<'select'> & { isInvalid?: boolean }) {
  return <select className={cn(control, borders(isInvalid), 'pr-8', className ?? 'h-10 w-full')} {...props} />;
}
