'use client';
// Navigating a list from a <select> whose value lives in the URL. Arrow keys
// step through the options with one change event each:
// - history: the first change after the select took focus pushes, the rest
//   replace, so a burst of presses is one entry and Back returns to where the
//   list was before it (pushing every change left one entry per key press);
// - display: the URL catches up a moment after each change, so the select shows
//   the latest choice until it does (else it snapped back to an older value
//   between presses, and the next press started from there); Back and Forward
//   make the URL the authority again, caught up or not.
import { useEffect, useRef, useState } from 'react';
import { showList } from './list-navigation';

export function useSelectNavigation(current: string) {
  // Whether this visit to the select has added its history entry yet. (Not read
  // from the rendered value: the URL changes at once, the render follows later.)
  const hasPushed = useRef(false);
  const [chosen, setChosen] = useState<string>();
  if (chosen !== undefined && chosen === current) setChosen(undefined);
  // Back pressed before the URL had caught up (a slow machine) left the last choice on show
  // over the URL it went back to.
  useEffect(() => {
    const forget = () => setChosen(undefined);
    window.addEventListener('popstate', forget);
    return () => window.removeEventListener('popstate', forget);
  }, []);
  return {
    value: chosen ?? current,
    /** A new visit to the select may push again. */
    onFocus: () => {
      hasPushed.current = false;
    },
    choose: (value: string, href: string) => {
      setChosen(value);
      showList(href, hasPushed.current ? 'replace' : 'push');
      hasPushed.current = true;
    },
  };
}
