// Numbers the contract promises, in plain JS so server/body-limit.mjs (loaded
// before any TypeScript) reads the same ones as the handlers and the document.

/** The largest /v1 request body, in bytes: 413 payload_too_large beyond. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The largest photo upload (POST /v1/pets/{petId}/photos), in bytes: 413 beyond. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

// A photo sent as multipart/form-data: the file may be MAX_PHOTO_BYTES, plus the form's own framing.
export const MAX_PHOTO_FORM_BYTES = MAX_PHOTO_BYTES + MAX_BODY_BYTES;

const PHOTO_UPLOAD_PATH = /^\/v1\/pets\/[^/]+\/photos\/?$/;

/**
 * The largest body a /v1 request may send: a photo upload's, or MAX_BODY_BYTES.
 * @param {string | undefined} method
 * @param {string} path the request's path, without its query
 */
export function bodyLimitOf(method, path) {
  return method === 'POST' && PHOTO_UPLOAD_PATH.test(path) ? MAX_PHOTO_FORM_BYTES : MAX_BODY_BYTES;
}

/** How long a stored Idempotency-Key answer is replayed unless IDEMPOTENCY_TTL_SECONDS says otherwise. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
