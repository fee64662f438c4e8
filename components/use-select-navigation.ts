'use client';
// Navigating a list from a <select> whose value lives in the URL. Arrow keys
// step through the options with one change event each:
// - history: changes push until the URL has left the value the select had when
//   it took focus, then replace, so a burst of presses is one entry and Back
//   returns to where the list was before it (pushing every change left one
//   entry per key press; a replace before the first push landed would have
//   overwritten the list's own entry);
// - display: the URL catches up a moment after each change, so the select shows
//   the latest choice until it does (else it snapped back to an older value
//   between presses, and the next press started from there).
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';

export function useSelectNavigation(current: string) {
  const router = useRouter();
  const valueOnFocus = useRef(current);
  const [chosen, setChosen] = useState<string>();
  if (chosen !== undefined && chosen === current) setChosen(undefined);
  return {
    value: chosen ?? current,
    /** A new visit to the select may push again. */
    onFocus: () => {
      valueOnFocus.current = current;
    },
    choose: (value: string, href: string) => {
      setChosen(value);
      if (current === valueOnFocus.current) router.push(href);
      else router.replace(href);
    },
  };
}
