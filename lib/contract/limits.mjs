// Numbers the contract promises, in plain JS so server/body-limit.mjs (loaded
// before any TypeScript) reads the same ones as the handlers and the document.

/** The largest /v1 request body, in bytes: 413 payload_too_large beyond. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The largest photo upload (POST /v1/pets/{petId}/photos), in bytes: 413 beyond. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

// A photo sent as multipart/form-data: the file may be MAX_PHOTO_BYTES, plus the form's own framing.
export const MAX_PHOTO_FORM_BYTES = MAX_PHOTO_BYTES + MAX_BODY_BYTES;

/** The largest CSV import (POST /v1/pets/imports), in bytes: 413 beyond. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** The most rows (besides the header) a CSV import may hold: 413 beyond. */
export const MAX_IMPORT_ROWS = 200_000;

const PHOTO_UPLOAD_PATH = /^\/v1\/pets\/[^/]+\/photos\/?$/;
const IMPORT_PATH = /^\/v1\/pets\/imports\/?$/;

/**
 * The largest body a /v1 request may send: a photo upload's, a CSV import's, or MAX_BODY_BYTES.
 * @param {string | undefined} method
 * @param {string} path the request's path, without its query
 */
export function bodyLimitOf(method, path) {
  if (method === 'POST' && PHOTO_UPLOAD_PATH.test(path)) return MAX_PHOTO_FORM_BYTES;
  if (method === 'POST' && IMPORT_PATH.test(path)) return MAX_IMPORT_BYTES;
  return MAX_BODY_BYTES;
}

/** How long a stored Idempotency-Key answer is replayed unless IDEMPOTENCY_TTL_SECONDS says otherwise. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
