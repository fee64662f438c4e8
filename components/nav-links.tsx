'use client';
// NavLinks: the dashboard's sections (Activity only for a role that may read it); the current one is marked for eyes and
// screen readers. On phones, six equal tabs (icon over label) in two rows of
// three that fit the width with room at both edges; a column in the sidebar
// from md up.
import { Activity, BookOpen, KeyRound, PawPrint, ShoppingCart, Tags, Users } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { may, type OperationId, type Role } from '@/lib/contract/roles';
import { IntentLink } from './intent-link';
import { cn } from './ui/cn';

// A section with an operation is shown only to a role that may call it.
const SECTIONS: { href: string; label: string; icon: typeof PawPrint; operation?: OperationId }[] = [
  { href: '/pets', label: 'Pets', icon: PawPrint },
  { href: '/categories', label: 'Categories', icon: Tags },
  { href: '/orders', label: 'Orders', icon: ShoppingCart },
  { href: '/api-keys', label: 'API keys', icon: KeyRound },
  { href: '/users', label: 'Users', icon: Users },
  { href: '/activity', label: 'Activity', icon: Activity, operation: 'listActivity' },
  { href: '/docs', label: 'Docs', icon: BookOpen },
];

export function NavLinks({ role }: { role: Role }) {
  const pathname = usePathname();
  const sections = SECTIONS.filter((section) => !section.operation || may(role, section.operation));
  return (
    <ul className={cn('grid gap-1 md:flex md:flex-col', sections.length > 6 ? 'grid-cols-4' : 'grid-cols-3')}>
      {sections.map(({ href, label, icon: Icon }) => {
        const isCurrent = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <li key={href}>
            <IntentLink
              href={href}
              aria-current={isCurrent ? 'page' : undefined}
              className={cn(
                'flex flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-xs font-medium whitespace-nowrap transition-colors md:flex-row md:gap-2.5 md:px-3 md:py-2 md:text-sm',
                isCurrent
                  ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                  : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
}
