// EmptyState: what a list shows when it has nothing to show, and what to do next.
import type { ReactNode } from 'react';

export function EmptyState({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400 [&_svg]:size-6">
        {icon}
      </div>
      <div className="space-y-1">
        <p className="text-base font-semibold">{title}</p>
        {children && <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{children}</p>}
      </div>
      {action}
    </div>
  );
}
