'use client';
// Navigating a list from a <select>: arrow keys step through its options with
// one change event each, so pushing every change left one history entry per
// key press. The first change while the select has focus pushes; the next ones
// replace that entry, so Back returns to where the list was before.
import { useRouter } from 'next/navigation';
import { useRef } from 'react';

export function useSelectNavigation() {
  const router = useRouter();
  const hasPushed = useRef(false);
  return {
    /** Spread on the select: a new visit to it may push again. */
    onFocus: () => {
      hasPushed.current = false;
    },
    navigate: (href: string) => {
      if (hasPushed.current) return router.replace(href);
      hasPushed.current = true;
      router.push(href);
    },
  };
}
