// How a throttled sign-in travels from the credentials provider to the form:
// next-auth passes the message of an error thrown in `authorize` to the client
// as `error`. Shared by both sides, so it imports nothing.
const PREFIX = 'SignInThrottled:';

export function throttledError(retryAfterSeconds: number): Error {
  return new Error(`${PREFIX}${retryAfterSeconds}`);
}

/** The seconds to wait when `error` (next-auth's sign-in error) is a throttled sign-in. */
export function throttledRetryAfter(error: string | null | undefined): number | undefined {
  if (!error?.startsWith(PREFIX)) return undefined;
  const seconds = Number(error.slice(PREFIX.length));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
