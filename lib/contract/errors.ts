// The Error shape (docs/CONTRACT.md §2.5) and the closed set of error codes (docs/ARCHITECTURE.md).
import { z } from 'zod';

export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;

/** The HTTP status each code is answered with: the one table (a code never changes its status). */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<(typeof ERROR_CODES)[number], number>;

export const ErrorCode = z.enum(ERROR_CODES).meta({ id: 'ErrorCode', description: 'Machine-readable error code.' });
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorDetail = z
  .object({
    path: z.string().meta({ description: 'The field or parameter at fault, e.g. `categoryId` or `limit`.' }),
    message: z.string(),
  })
  .meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z
  .object({
    code: ErrorCode,
    message: z.string().meta({ description: 'Human-readable description.' }),
    status: z.int().min(400).max(599).meta({ description: 'The HTTP status code of the response.' }),
    details: z.array(ErrorDetail).optional().meta({ description: 'Validation errors, one per field or parameter.' }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The details of a failed parse, one per problem, as the server sends them and
 * the forms show them. Parse with `reportInput: true`, so that `input` is
 * undefined only for a missing field ("is required" rather than a type error).
 */
export function issueDetails(issues: z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: 'is not a known field' }));
    }
    if (issue.code === 'invalid_type' && issue.input === undefined && path) return [{ path, message: 'is required' }];
    return [{ path, message: issue.message }];
  });
}
