// Reusable OpenAPI response objects for the error answers (docs/CONTRACT.md §7).
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { ErrorBody } from './errors';
import { MAX_BODY_BYTES } from './limits.mjs';

function errorResponse(id: string, description: string, headers?: ZodOpenApiResponseObject['headers']): ZodOpenApiResponseObject {
  return { id, description, headers, content: { 'application/json': { schema: ErrorBody } } };
}

export const errorResponses = {
  BadRequest: errorResponse(
    'BadRequest',
    'The request is invalid: a parameter or the body is missing required fields or has invalid values (`invalid_request`). `details` lists each problem.',
  ),
  Unauthorized: errorResponse('Unauthorized', 'Missing or invalid API key (`unauthorized`).', {
    'WWW-Authenticate': { description: 'RFC 6750 challenge, e.g. `Bearer realm="petstore", error="invalid_token"`.', schema: { type: 'string' as const } },
  }),
  Forbidden: errorResponse('Forbidden', 'The API key lacks the scope this operation needs (`forbidden`).'),
  NotFound: errorResponse('NotFound', 'The requested resource could not be found (`not_found`).'),
  Conflict: errorResponse('Conflict', 'The request conflicts with the current state of the resource (`conflict`).'),
  MethodNotAllowed: errorResponse('MethodNotAllowed', 'The path does not take this method (`method_not_allowed`); `Allow` lists those it takes.', {
    Allow: { description: 'The methods the path takes, e.g. `GET, HEAD, POST, OPTIONS`.', schema: { type: 'string' as const } },
  }),
  Gone: errorResponse('Gone', 'The operation has been removed after its sunset date (`gone`).'),
  PayloadTooLarge: errorResponse('PayloadTooLarge', `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB (\`payload_too_large\`).`),
  UnsupportedMediaType: errorResponse('UnsupportedMediaType', 'The request body is not `application/json` (`unsupported_media_type`).'),
  TooManyRequests: errorResponse(
    'TooManyRequests',
    'This API key has used up its rate limit (`rate_limited`): a token bucket per key, see `RateLimit-Policy`; or it already has as many searches running as one key may. Retry after `Retry-After` seconds.',
    {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' as const } },
      'RateLimit-Policy': {
        description: 'draft-ietf-httpapi-ratelimit-headers: the bucket, e.g. `"default";q=100;w=2` (q requests per w seconds, in bursts of up to q).',
        schema: { type: 'string' as const },
      },
      RateLimit: {
        description:
          'draft-ietf-httpapi-ratelimit-headers: what is left, e.g. `"default";r=0;t=2` (r requests now, full again in t seconds). Sent on every authenticated answer.',
        schema: { type: 'string' as const },
      },
    },
  ),
  InternalError: errorResponse('InternalError', 'An unexpected error on the service side (`internal_error`).'),
  ServiceUnavailable: errorResponse(
    'ServiceUnavailable',
    'The database is unreachable, or a search ran past its deadline (the message says which, and how to narrow the search); retry after `Retry-After` seconds (`service_unavailable`).',
    {
      'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'string' as const } },
    },
  ),
} satisfies Record<string, ZodOpenApiResponseObject>;

/** The errors any authenticated operation can answer. */
export const commonErrors = {
  '401': errorResponses.Unauthorized,
  '403': errorResponses.Forbidden,
  '429': errorResponses.TooManyRequests,
  '500': errorResponses.InternalError,
  '503': errorResponses.ServiceUnavailable,
};
