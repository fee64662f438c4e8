// Numbers the contract promises, in plain JS so server/body-limit.mjs (loaded
// before any TypeScript) reads the same ones as the handlers and the document.

/** The largest /v1 request body, in bytes: 413 payload_too_large beyond. */
export const MAX_BODY_BYTES = 64 * 1024;

/** How long a stored Idempotency-Key answer is replayed unless IDEMPOTENCY_TTL_SECONDS says otherwise. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
