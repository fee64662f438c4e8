// TagChips: a pet's tags as small pills, each a link (to the pets with that tag)
// or, in a form, with a button that takes it away.
import { X } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ListLink } from '../list-navigation';
import { cn } from '../ui/cn';

const CHIP =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-violet-600/20 ring-inset [overflow-wrap:anywhere] dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-400/30';

/** `isOtherPage`: the link leaves the page (a pet's page to the list), so it is a router link, not a change of the list's URL in place. */
type ChipLink = { href: string; isOtherPage?: boolean };

export function TagChip({ tag, link, onRemove }: { tag: string; link?: ChipLink; onRemove?: () => void }): ReactNode {
  if (link) {
    const className = cn(CHIP, 'hover:bg-violet-100 hover:underline dark:hover:bg-violet-900');
    return link.isOtherPage ? (
      <Link href={link.href} className={className}>
        {tag}
      </Link>
    ) : (
      <ListLink href={link.href} toTop className={className}>
        {tag}
      </ListLink>
    );
  }
  return (
    <span className={cn(CHIP, onRemove && 'pr-0.5')}>
      {tag}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove tag ${tag}`}
          className="grid size-5 shrink-0 place-items-center rounded-full hover:bg-violet-200 dark:hover:bg-violet-800 [&_svg]:size-3"
        >
          <X aria-hidden />
        </button>
      )}
    </span>
  );
}

/** A list of tags, each linked by `linkFor`; nothing when there are none. */
export function TagChips({ tags, linkFor, label, className }: { tags: string[]; linkFor: (tag: string) => ChipLink; label: string; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1', className)}>
      {tags.map((tag) => (
        <li key={tag} className="max-w-full">
          <TagChip tag={tag} link={linkFor(tag)} />
        </li>
      ))}
    </ul>
  );
}
