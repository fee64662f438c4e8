// BackLink: the way up from a record to its list.
import { ArrowLeft } from 'lucide-react';
import { IntentLink } from '@/components/intent-link';

export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <IntentLink
      href={href}
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </IntentLink>
  );
}
