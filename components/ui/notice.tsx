// Notice: an inline message (success, error, warning, info) with an optional action
// (or a Dismiss button, given onDismiss).
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

type Tone = 'success' | 'error' | 'warning' | 'info';

const tones: Record<Tone, { box: string; icon: ReactNode }> = {
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    icon: <CheckCircle2 className="text-emerald-600 dark:text-emerald-400" />,
  },
  error: {
    box: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
    icon: <XCircle className="text-red-600 dark:text-red-400" />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
    icon: <AlertTriangle className="text-amber-600 dark:text-amber-400" />,
  },
  info: {
    box: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100',
    icon: <Info className="text-sky-600 dark:text-sky-400" />,
  },
};

export function Notice({
  tone,
  title,
  children,
  action,
  onDismiss,
  className,
  id,
}: {
  id?: string;
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Shows a Dismiss button that calls it (in place of `action`). */
  onDismiss?: () => void;
  className?: string;
}) {
  action ??= onDismiss && (
    <Button variant="ghost" size="sm" onClick={onDismiss}>
      Dismiss
    </Button>
  );
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0', tones[tone].box, className)}
    >
      {tones[tone].icon}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{title}</p>
        {children && <div className="opacity-90">{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
