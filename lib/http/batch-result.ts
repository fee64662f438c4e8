// One id's result in a batch answer (PATCH and DELETE /v1/pets?id=…,
// experimental): what the single operation would have answered for it, its
// status beside the pet or beside the usual Error body.
import { ERROR_STATUS } from '../contract/errors';
import type { Outcome } from '../domain/outcome';

export function batchResult<Value, Success extends { status: number }>(id: number, outcome: Outcome<Value>, success: (value: Value) => Success) {
  if (outcome.ok) return { id, ...success(outcome.value) };
  const status = ERROR_STATUS[outcome.problem];
  return { id, status, error: { code: outcome.problem, message: outcome.message, status } };
}
