// One error type for expected failures and the one function that turns any
// failure into the Error body (docs/CONTRACT.md §2.5, §7); the status comes from the code
// (ERROR_STATUS in lib/contract/errors.ts).
import type { z } from 'zod';
import { ERROR_STATUS, issueDetails, type ErrorCode, type ErrorDetail } from '../contract/errors';
import { errorBodyText, type Refusal } from './error-body.mjs';
import type { Outcome } from '../domain/outcome';
import { answer } from './respond';

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

  /** A refusal written for every layer (lib/http/error-body.mjs, methods.mjs), thrown as this route's error. */
  static of(refusal: Refusal): ApiError {
    return new ApiError(refusal.code, refusal.message, { details: refusal.details, headers: refusal.headers });
  }
}

/**
 * A refusal of the request as sent (its body, parameters or headers), found
 * before the operation touched anything. Under an Idempotency-Key nothing is
 * stored for it (lib/http/idempotency.ts), so the corrected request may reuse
 * the key, as Stripe's keys behave.
 */
export class RequestRefusal extends ApiError {}

/** The value of a domain outcome (lib/domain/outcome.ts), or its refusal thrown as the Error to answer with. */
export function valueOf<Value>(outcome: Outcome<Value>): Value {
  if (!outcome.ok) throw new ApiError(outcome.problem, outcome.message);
  return outcome.value;
}

/** The value of a check of what the request sent, or its refusal thrown as a RequestRefusal. */
export function acceptedOf<Value>(result: { ok: true; value: Value } | { ok: false; problem: ErrorCode; message: string }): Value {
  if (!result.ok) throw new RequestRefusal(result.problem, result.message);
  return result.value;
}

export function errorResponse(error: ApiError): Response {
  const body = errorBodyText({ code: error.code, message: error.message, status: error.status, details: error.options.details });
  return answer({ status: error.status, body, headers: { 'content-type': 'application/json', ...error.options.headers } });
}

/** A 400 invalid_request listing every problem; `where` says what was checked ("query parameter", "request body"). */
export function invalidRequest(issues: z.core.$ZodIssue[], where: string): RequestRefusal {
  const details = issueDetails(issues);
  const summary = details.map((detail) => (detail.path ? `${detail.path} ${detail.message}` : detail.message)).join('; ');
  return new RequestRefusal('invalid_request', `Invalid ${where}: ${summary}.`, { details });
}

export const notFound = (message: string) => new ApiError('not_found', message);
