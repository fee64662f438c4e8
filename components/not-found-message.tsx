// NotFoundMessage: what an address with nothing behind it shows, and the ways back.
import { BookOpen, KeyRound, MapPinOff, PawPrint, ShoppingCart } from 'lucide-react';
import { ButtonLink } from './ui/button';

const WAYS_BACK = [
  { href: '/pets', label: 'Pets', icon: PawPrint },
  { href: '/orders', label: 'Orders', icon: ShoppingCart },
  { href: '/api-keys', label: 'API keys', icon: KeyRound },
  { href: '/docs', label: 'API reference', icon: BookOpen },
];

export function NotFoundMessage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center sm:py-20">
      <div className="flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <MapPinOff className="size-6" aria-hidden />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">Nothing here</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No page, pet or order has this address. The link may be mistyped, or what it named does not exist.
        </p>
      </div>
      <nav aria-label="Ways back" className="flex flex-wrap justify-center gap-2">
        {WAYS_BACK.map(({ href, label, icon: Icon }) => (
          <ButtonLink key={href} href={href} variant={href === '/pets' ? 'primary' : 'secondary'}>
            <Icon aria-hidden />
            {label}
          </ButtonLink>
        ))}
      </nav>
    </div>
  );
}
