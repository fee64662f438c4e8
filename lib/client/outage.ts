// The tab's view of an outage, shared by the banner and the links: none, the
// server cannot be reached at all (an instance down, the network gone), or the
// server answers but its database does not. Also the one navigation a click
// asked for while the server could not be reached, made once it is back.
import { useSyncExternalStore } from 'react';

export type Outage = 'none' | 'server' | 'database';

let outage: Outage = 'none';
let heldHref: string | undefined;
const listeners = new Set<() => void>();

export function reportOutage(next: Outage): void {
  if (next === outage) return;
  outage = next;
  for (const listener of listeners) listener();
}

export function useOutage(): Outage {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => outage,
    () => 'none',
  );
}

/** Keeps `href` to be opened when the server is back (the last click wins). */
export function holdNavigation(href: string): void {
  heldHref = href;
}

/** The held navigation, handed over once. */
export function takeHeldNavigation(): string | undefined {
  const href = heldHref;
  heldHref = undefined;
  return href;
}

/**
 * What the server says of itself now (GET /readyz): up, up without its
 * database, or not answering at all. A link asks first: a dynamic page the
 * router cannot fetch makes Next fall back to a full load, which leaves for
 * the browser's error page when the server is gone.
 */
export async function probeOutage(): Promise<Outage> {
  try {
    const response = await fetch('/readyz', { cache: 'no-store', signal: AbortSignal.timeout(3_000) });
    if (response.ok) return 'none';
    // Not ready for another reason (a full disk): the server says so on the page itself.
    const body = (await response.json().catch(() => ({}))) as { database?: string };
    return body.database === 'down' ? 'database' : 'none';
  } catch {
    return 'server';
  }
}
