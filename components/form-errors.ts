// Field errors for forms, from the browser's check (the contract's zod schema)
// or from the server's Error.details: one message per field, keyed by path.
import type { z } from 'zod';
import { ApiClientError } from '@/lib/client/api-client';

export type FieldErrors = Record<string, string>;

/** Issues from a parse with `reportInput: true`, so a missing field is told from a wrong one. */
export function fieldErrorsFromIssues(issues: z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    errors[path] ??= message;
  }
  return errors;
}

/** The server's field errors, and its message when no field is named. */
export function errorsFromApi(error: unknown): { fields: FieldErrors; message?: string } {
  if (!(error instanceof ApiClientError)) return { fields: {}, message: 'Something went wrong; try again.' };
  const fields: FieldErrors = {};
  for (const detail of error.details) if (detail.path) fields[detail.path] ??= detail.message;
  return { fields, message: Object.keys(fields).length > 0 ? undefined : error.message };
}

/** "name must not be empty" reads better as "Name must not be empty". */
export function sentence(label: string, message: string | undefined): string | undefined {
  return message ? `${label} ${message}.`.replace(/\.\.$/, '.') : undefined;
}
