// Skeleton: a grey placeholder the size of what is loading, so nothing moves when it arrives.
import { cn } from './cn';

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className)} />;
}
