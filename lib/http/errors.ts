// One error type for expected failures and the one function that turns any
// failure into the Error body (spec §2.5, §7); the status comes from the code
// (ERROR_STATUS in lib/contract/errors.ts).
import type { z } from 'zod';
import { ERROR_STATUS, issueDetails, type ErrorBody, type ErrorCode, type ErrorDetail } from '../contract/errors';
import { json } from './respond';
import type { Outcome } from '../outcome';

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

/** The value of a domain outcome (lib/outcome.ts), or its refusal thrown as the Error to answer with. */
export function valueOf<Value>(outcome: Outcome<Value>): Value {
  if (!outcome.ok) throw new ApiError(outcome.problem, outcome.message);
  return outcome.value;
}

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
