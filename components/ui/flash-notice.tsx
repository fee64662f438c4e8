'use client';
// FlashNotice: a success notice that says what the last action did and goes at the next
// one (a click or a key outside it), so that it never stands beside later work as if it
// were about that. Tab and the modifier keys only move or prepare: they keep it.
import { useEffect, useRef, type ComponentProps } from 'react';
import { Notice } from './notice';

const KEYS_THAT_ARE_NO_ACTION = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta']);

export function FlashNotice({ onDismiss, ...props }: ComponentProps<typeof Notice> & { onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const dismissIfOutside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) onDismiss();
    };
    const onKey = (event: KeyboardEvent) => {
      if (!KEYS_THAT_ARE_NO_ACTION.has(event.key)) dismissIfOutside(event);
    };
    // From the next turn on: the action that showed it is not the next one.
    const timer = setTimeout(() => {
      document.addEventListener('pointerdown', dismissIfOutside, true);
      document.addEventListener('keydown', onKey, true);
    });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', dismissIfOutside, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [onDismiss]);
  return (
    <div ref={box}>
      <Notice onDismiss={onDismiss} {...props} />
    </div>
  );
}
