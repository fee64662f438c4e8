// Where the dashboard signs people in: one path for the server (next-auth's
// pages, the redirects) and the browser (an expired session, sign-out).
export const SIGN_IN_PATH = '/signin';

/** The sign-in page, coming back to `returnTo` afterwards. */
export const signInUrl = (returnTo: string) => `${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`;

const DEFAULT_RETURN_PATH = '/pets';
// A stand-in for this site's origin: a return path is resolved against it as a browser
// would, and followed only when it stays there.
const OWN_ORIGIN = 'http://petstore.invalid';

/**
 * Where to go after sign-in: a path of this site, as the URL parser normalises it (it drops
 * tabs and newlines and reads a backslash as a slash, so `/\t/evil.example` is another
 * host); anything else goes to the pets list. No open redirect, whatever the browser.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  const path = url.pathname + url.search + url.hash;
  // `//host` would leave the site from wherever it is followed.
  return url.origin === OWN_ORIGIN && !path.startsWith('//') ? path : DEFAULT_RETURN_PATH;
}
