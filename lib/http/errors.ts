// One error type for expected failures and the one function that turns any
// failure into the Error body (spec §2.5, §7); the status comes from the code
// (ERROR_STATUS in lib/contract/errors.ts).
import type { z } from 'zod';
import { ERROR_STATUS, issueDetails, type ErrorBody, type ErrorCode, type ErrorDetail } from '../contract/errors';
import { json } from './respond';

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** A domain refusal (lib/orders.ts and the like: not found, or a rule said no) as the Error to answer with. */
export const refusal = (refused: { problem: 'not_found' | 'conflict'; message: string }) => new ApiError(refused.problem, refused.message);

export function errorResponse(error: ApiError): Response {
  const body: ErrorBody = { code: error.code, message: error.message, status: error.status };
  if (error.options.details) body.details = error.options.details;
  return json(body, { status: error.status, headers: error.options.headers });
}

/** A 400 invalid_request listing every problem; `where` says what was checked ("query parameter", "request body"). */
export function invalidRequest(issues: z.core.$ZodIssue[], where: string): ApiError {
  const details = issueDetails(issues);
  const summary = details.map((detail) => (detail.path ? `${detail.path} ${detail.message}` : detail.message)).join('; ');
  return new ApiError('invalid_request', `Invalid ${where}: ${summary}.`, { details });
}

export const notFound = (message: string) => new ApiError('not_found', message);
