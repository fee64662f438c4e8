'use client';
// IntentLink: a link Next prefetches when the user shows intent (the pointer over
// it, focus, a touch), not as soon as it is in view: the pattern of Next's
// prefetching guide. The dashboard's pages are dynamic, so each prefetch is a
// server render (two requests for each link), and a pet's page calls /v1 too:
// in view, the frame's links and a list's rows made 31 requests for one view of
// /pets. Used for the frame (home, the sections) and the links in a list's rows.
//
// A click first asks the server how it is (/readyz): when it does not answer,
// Next would fall back to a full load and leave for the browser's error page.
// The page stays instead, the outage banner says why, and the link opens once
// the server is back (components/connection-banner.tsx). With the database
// down the link opens, and the banner says why the page is empty.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type ComponentProps, type MouseEvent } from 'react';
import { holdNavigation, probeOutage, reportOutage } from '@/lib/client/outage';

/** A plain left click that the router handles (not one that opens a new tab or window). */
const isRouterClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.currentTarget.target;

export function IntentLink({ onMouseEnter, onFocus, onTouchStart, onClick, ...props }: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  const router = useRouter();
  const [isWanted, setIsWanted] = useState(false);
  const want = () => setIsWanted(true);
  const { href, replace, scroll } = props;
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
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || typeof href !== 'string' || !isRouterClick(event)) return;
        event.preventDefault();
        void probeOutage().then((outage) => {
          if (outage !== 'none') reportOutage(outage);
          if (outage === 'server') return holdNavigation(href);
          // With the database down the page still renders its frame, and the banner says why it is empty;
          // an outage is cleared by the banner's own probe, which also loads again what failed.
          if (replace) router.replace(href, { scroll });
          else router.push(href, { scroll });
        });
      }}
      {...props}
    />
  );
}
