// Types of lib/contract/limits.mjs.
export const MAX_BODY_BYTES: number;
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS: number;
