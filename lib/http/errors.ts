// One error type for expected failures and the one function that turns any
// failure into the Error body (spec §2.5, §7).
import type { z } from 'zod';
import type { ErrorBody, ErrorCode, ErrorDetail } from '../contract/errors';
import { json } from './respond';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export function errorResponse(error: ApiError): Response {
  const body: ErrorBody = { code: error.code, message: error.message, status: error.status };
  if (error.options.details) body.details = error.options.details;
  return json(body, { status: error.status, headers: error.options.headers });
}

/** A 400 invalid_request listing every problem; `where` says what was checked ("query parameter", "request body"). */
export function invalidRequest(issues: z.core.$ZodIssue[], where: string): ApiError {
  const details = issues.flatMap(describeIssue);
  const summary = details.map((detail) => (detail.path ? `${detail.path} ${detail.message}` : detail.message)).join('; ');
  return new ApiError(400, 'invalid_request', `Invalid ${where}: ${summary}.`, { details });
}

function describeIssue(issue: z.core.$ZodIssue): ErrorDetail[] {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: 'is not a known field' }));
  }
  // Parsed with reportInput, so `input` is undefined only for a missing field.
  if (issue.code === 'invalid_type' && issue.input === undefined && path) {
    return [{ path, message: 'is required' }];
  }
  return [{ path, message: issue.message }];
}

export const notFound = (message: string) => new ApiError(404, 'not_found', message);
