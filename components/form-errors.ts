// Field errors for forms, from the browser's check (the contract's zod schema)
// or from the server's Error.details: one message per field, keyed by path.
import type { z } from 'zod';
import { ApiClientError } from '@/lib/client/api-client';
import { issueDetails, type ErrorDetail } from '@/lib/contract/errors';

export type FieldErrors = Record<string, string>;

/** Issues from a parse with `reportInput: true`, described as the server describes them. */
export function fieldErrorsFromIssues(issues: z.core.$ZodIssue[]): FieldErrors {
  return firstPerField(issueDetails(issues));
}

/** The server's field errors, and its message when no field is named. */
export function errorsFromApi(error: unknown): { fields: FieldErrors; message?: string } {
  if (!(error instanceof ApiClientError)) return { fields: {}, message: 'Something went wrong; try again.' };
  const fields = firstPerField(error.details.filter((detail) => detail.path));
  return { fields, message: Object.keys(fields).length > 0 ? undefined : error.message };
}

/** "name must not be empty" reads better as "Name must not be empty". */
export function sentence(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}.`.replace(/\.\.$/, '.') : undefined;
}

function firstPerField(details: ErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of details) errors[detail.path] ??= detail.message;
  return errors;
}
