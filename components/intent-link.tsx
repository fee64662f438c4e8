'use client';
// IntentLink: a link Next prefetches when the user shows intent (the pointer over
// it, focus, a touch), not as soon as it is in view: the pattern of Next's
// prefetching guide. The dashboard's pages are dynamic, so each prefetch is a
// server render (two requests for each link), and a pet's page calls /v1 too:
// in view, the frame's links and a list's rows made 31 requests for one view of
// /pets. Used for the frame (home, the sections) and the links in a list's rows.
import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  const [isWanted, setIsWanted] = useState(false);
  const want = () => setIsWanted(true);
  return (
    <Link
      // null is Next's default (prefetch while in view), from the first sign of intent on.
      prefetch={isWanted ? null : false}
      onMouseEnter={(event) => {
        want();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        want();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        want();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}
