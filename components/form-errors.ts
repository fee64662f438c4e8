// Field errors for forms, from the server's Error.details (the browser's own
// check is use-contract-form.ts's): one message per field, keyed by path. No
// zod here: every list's error message comes through this module, and zod stays
// out of the lists' first load.
import { ApiClientError } from '@/lib/client/api-client';
import type { ErrorCode, ErrorDetail } from '@/lib/contract/errors';

export type FieldErrors = Record<string, string>;

// What the dashboard says for refusals that are about the session, the server
// or the load rather than the catalogue, in a catalogue manager's words (the
// API's own messages speak of keys, scopes and retries). The rest (a name
// taken, no such pet, an order's rules) is the server's message, which names
// the catalogue's things.
const PLAIN_MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'Your session has ended. Sign in again to carry on.',
  forbidden: 'Your role does not allow this. An admin can change your role.',
  rate_limited: 'Too many requests at once. Wait a few seconds and try again.',
  internal_error: 'Something went wrong on the server. Try again; if it keeps happening, tell whoever runs Petstore.',
  service_unavailable: 'The server is busy or restarting. Try again in a moment.',
  payload_too_large: 'That is more than the server takes at once.',
};

/** The message to show for a failed request. */
export function plainMessage(error: unknown): string {
  if (!(error instanceof ApiClientError)) return 'Something went wrong. Try again.';
  if (error.status === 0) return error.message; // The client's own: the server could not be reached.
  return PLAIN_MESSAGES[error.code] ?? error.message;
}

/** The server's field errors, and its message when no field is named. */
export function errorsFromApi(error: unknown): { fields: FieldErrors; message?: string } {
  if (!(error instanceof ApiClientError)) return { fields: {}, message: plainMessage(error) };
  const fields = firstPerField(error.details.filter((detail) => detail.path));
  return { fields, message: Object.keys(fields).length > 0 ? undefined : plainMessage(error) };
}

/** "name must not be empty" reads better as "Name must not be empty". */
export function sentence(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}.`.replace(/\.\.$/, '.') : undefined;
}

/** The first message for each field. */
export function firstPerField(details: ErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details) errors[detail.path] ??= detail.message;
  return errors;
}
