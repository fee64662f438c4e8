// Where the dashboard signs people in: one path for the server (next-auth's
// pages, the redirects) and the browser (an expired session, sign-out).
export const SIGN_IN_PATH = '/signin';

/** The sign-in page, coming back to `returnTo` afterwards. */
export const signInUrl = (returnTo: string) => `${SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(returnTo)}`;
