// The Idempotency-Key request header of the POSTs that create
// (draft-ietf-httpapi-idempotency-key-header); enforced by lib/http/idempotency.ts.
import { z } from 'zod';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from './limits.mjs';

export const IdempotencyKeyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7e]+$/)
    .optional()
    .meta({
      description:
        `Makes a retry safe: the first answer (2xx or 4xx) to a key is stored for ${DEFAULT_IDEMPOTENCY_TTL_SECONDS / 3600} hours (by default) and replayed to a retry with the same key, ` +
        'method, path and body, marked `Idempotent-Replayed: true`. The same key with a different request, or while the first request ' +
        'is still running, is a 409 `conflict`. Keys are scoped to the API key; 1 to 255 printable ASCII characters (else 400). ' +
        'A 5xx is not stored, so a retry runs the request again.',
      example: '7b2f6c1e-3d4a-4f7e-9a51-0c2d8e6b9f10',
    }),
});

export const idempotentReplayHeader = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string' as const, enum: ['true'] },
  },
};
