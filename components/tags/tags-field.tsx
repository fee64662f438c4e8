'use client';
// TagsField: a pet form's tags: the chosen ones as chips (each with a remove
// button), and a box that suggests existing tags as one types and takes a new
// one with Enter or a comma. The form reads them from hidden inputs named
// `tags`; the same tag twice, whatever its case, is kept once.
import { useState } from 'react';
import { MAX_TAGS_PER_PET, tagKey } from '@/lib/contract/tag-values';
import { TagChip } from './tag-chips';
import { TagCombobox } from './tag-combobox';

type Props = {
  id: string;
  initial: string[];
  error: string | undefined;
  /** The tags changed (no change event reaches the form from here). */
  onChange: () => void;
};

export function TagsField({ id, initial, error, onChange }: Props) {
  const [tags, setTags] = useState(initial);
  const isFull = tags.length >= MAX_TAGS_PER_PET;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const change = (next: string[]) => {
    setTags(next);
    onChange();
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Tags
      </label>
      {tags.length > 0 && (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-1">
          {tags.map((tag) => (
            <li key={tagKey(tag)} className="max-w-full">
              <TagChip tag={tag} onRemove={() => change(tags.filter((each) => each !== tag))} />
              <input type="hidden" name="tags" value={tag} />
            </li>
          ))}
        </ul>
      )}
      <TagCombobox
        id={id}
        chosen={tags}
        allowsNew
        disabled={isFull}
        placeholder={isFull ? `At most ${MAX_TAGS_PER_PET} tags` : 'Type a tag, then Enter'}
        isInvalid={Boolean(error)}
        describedBy={error ? errorId : hintId}
        onPick={(tag) => {
          if (!tags.some((each) => tagKey(each) === tagKey(tag))) change([...tags, tag]);
        }}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          Labels across categories, such as “puppy” or “vaccinated”: up to {MAX_TAGS_PER_PET}, each up to 32 characters.
        </p>
      )}
    </div>
  );
}
