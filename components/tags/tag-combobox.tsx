'use client';
// TagCombobox: a text box that suggests the tags pets have as one types (GET
// /v1/tags?name=…, with how many pets have each), in the ARIA combobox
// pattern: arrows move through the suggestions, Enter picks one (or, where new
// tags are welcome, the text as typed), Escape closes them. Picking hands the
// tag over, empties the box and closes the list until one types again.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTags } from '@/lib/client/hooks';
import { parseTag, tagKey } from '@/lib/contract/tag-values';
import { formatCount } from '../format';
import { cn } from '../ui/cn';
import { Input } from '../ui/field';

const SUGGESTIONS = 8;
const PAUSE_MS = 150;

type Option = { tag: string; petCount?: number };

type Props = {
  id: string;
  /** Tags already chosen: not suggested again. */
  chosen: string[];
  onPick: (tag: string) => void;
  /** What is typed, as a tag (undefined when it cannot be one): a dialog may act on it without a pick. */
  onText?: (tag: string | undefined) => void;
  /** Whether a tag no pet has yet may be picked (a form), or only existing ones (a filter). */
  allowsNew: boolean;
  placeholder: string;
  disabled?: boolean;
  isInvalid?: boolean;
  /** The id of what describes the box (a hint, an error). */
  describedBy?: string;
  className?: string;
};

export function TagCombobox({ id, chosen, onPick, onText, allowsNew, placeholder, disabled, isInvalid, describedBy, className }: Props) {
  const listId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The list is asked again after a short pause in typing, not at each key.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const typed = parseTag(text);
  const search = parseTag(asked);
  const tags = useTags({ name: search, limit: SUGGESTIONS + chosen.length }, { enabled: isOpen });
  const taken = new Set(chosen.map(tagKey));
  // Held to what is typed now too: the list on screen may be the answer for fewer letters, the next still loading.
  const typedKey = typed && tagKey(typed);
  const suggested: Option[] = (tags.data ?? [])
    .filter((tag) => !taken.has(tagKey(tag.name)) && (!typedKey || tagKey(tag.name).includes(typedKey)))
    .slice(0, SUGGESTIONS)
    .map((tag) => ({ tag: tag.name, petCount: tag.petCount }));
  const isKnown = typed !== undefined && suggested.some((option) => tagKey(option.tag) === tagKey(typed));
  const options: Option[] = allowsNew && typed && !isKnown && !taken.has(tagKey(typed)) ? [{ tag: typed }, ...suggested] : suggested;
  const isShown = isOpen && options.length > 0;
  const current = Math.min(active, options.length - 1);

  function pick(tag: string) {
    onPick(tag);
    onText?.(undefined);
    setText('');
    setAsked('');
    setActive(0);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter' || (event.key === ',' && allowsNew)) {
      // Enter never submits the form around the box: it picks.
      event.preventDefault();
      const option = isShown ? options[current] : undefined;
      if (option) pick(option.tag);
      else if (allowsNew && typed && !taken.has(tagKey(typed))) pick(typed);
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      event.stopPropagation(); // a dialog around the box stays open
      setOpen(false);
    }
  }

  return (
    <div className={cn('relative', className)}>
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-activedescendant={isShown ? `${listId}-${current}` : undefined}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        isInvalid={isInvalid}
        className="h-10 w-full"
        placeholder={placeholder}
        autoComplete="off"
        maxLength={64}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onText?.(parseTag(event.target.value));
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggested tags"
        hidden={!isShown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.map((option, index) => (
          <li
            key={option.tag}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            // Pressed, not clicked: the box keeps its focus (a blur would close the list first).
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option.tag);
            }}
            onMouseMove={() => setActive(index)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 [overflow-wrap:anywhere]',
              index === current && 'bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
            )}
          >
            <span>{option.petCount === undefined ? `Add “${option.tag}”` : option.tag}</span>
            {option.petCount !== undefined && (
              <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                {formatCount(option.petCount)} {option.petCount === 1 ? 'pet' : 'pets'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
