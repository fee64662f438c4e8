// Whether this tab is signing out: its session's key is revoked on the way, which ends the
// change feed's stream and would send the tab to sign-in "because the session ended" (with
// a return path) before the sign-out itself takes it there. Per tab: module state.
let isSigningOut = false;

export function startSigningOut(): void {
  isSigningOut = true;
}

/** The sign-out failed: the session goes on, and its end is followed again. */
export function stopSigningOut(): void {
  isSigningOut = false;
}

export function isTabSigningOut(): boolean {
  return isSigningOut;
}
