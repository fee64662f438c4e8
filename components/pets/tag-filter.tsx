'use client';
// The pets list's tag filter. Beside the status tabs, a box that suggests the
// tags pets have, with how many pets have each; picking one adds it to the URL
// (`tag=`, pets with every tag given), keeping the other filters, back to page
// 1. Under the tabs, the tags the list is narrowed to, each a link that takes
// it away.
import { X } from 'lucide-react';
import { ListLink, showList } from '../list-navigation';
import { TagCombobox } from '../tags/tag-combobox';

type Props = {
  tags: string[];
  /** The list's address with these tags (the other filters kept). */
  hrefFor: (tags: string[]) => string;
};

export function TagFilter({ tags, hrefFor }: Props) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="tag-filter" className="text-sm font-medium whitespace-nowrap">
        {tags.length > 0 ? 'And tag' : 'Tag'}
      </label>
      <TagCombobox
        id="tag-filter"
        chosen={tags}
        allowsNew={false}
        placeholder="Filter by tag"
        className="w-full min-w-0 sm:w-48 [&_input]:h-8"
        onPick={(tag) => showList(hrefFor([...tags, tag]))}
      />
    </div>
  );
}

export function NarrowedToTags({ tags, hrefFor }: Props) {
  if (tags.length === 0) return null;
  return (
    <div className="-mt-2 mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-zinc-600 dark:text-zinc-400">{tags.length > 1 ? 'Pets with every tag:' : 'Pets with the tag:'}</span>
      <ul aria-label="Tags the list is narrowed to" className="flex flex-wrap gap-1">
        {tags.map((tag) => (
          <li key={tag} className="max-w-full">
            <ListLink
              href={hrefFor(tags.filter((each) => each !== tag))}
              aria-label={`Stop filtering by tag ${tag}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-violet-700 py-0.5 pr-1 pl-2 text-xs font-medium text-white [overflow-wrap:anywhere] hover:bg-violet-800 dark:bg-violet-400 dark:text-zinc-950 dark:hover:bg-violet-300 [&_svg]:size-3 [&_svg]:shrink-0"
            >
              {tag}
              <X aria-hidden />
            </ListLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
