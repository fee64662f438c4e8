'use client';
// PetSearch: the "Search" box. What is typed reaches the URL (name=) after a
// short pause, replacing the entry rather than adding one per keystroke; the
// other filters and the page size stay, the page goes back to 1.
import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Input } from '../ui/field';

const PAUSE_MS = 300;

/** The search as the URL has it, trimmed; dropped when empty or longer than the API takes. */
export function parseSearch(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text && [...text].length <= 100 ? text : undefined;
}

export function PetSearch({ name, onSearch }: { name: string | undefined; onSearch: (name: string | undefined) => void }) {
  const [text, setText] = useState(name ?? '');
  const sent = useRef(name ?? '');
  const search = useEffectEvent((wanted: string) => onSearch(wanted || undefined));

  // The URL changed by itself (Back, a link): show what it says.
  useEffect(() => {
    if ((name ?? '') !== sent.current) {
      sent.current = name ?? '';
      setText(name ?? '');
    }
  }, [name]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = wanted;
      search(wanted);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="flex min-w-0 basis-full flex-col gap-1.5 sm:max-w-xs sm:flex-1 sm:basis-auto">
      <label htmlFor="pet-search" className="text-sm font-medium">
        Search
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
        <Input
          id="pet-search"
          type="search"
          className="h-10 w-full pl-9"
          placeholder="Pet name"
          maxLength={100}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  );
}
