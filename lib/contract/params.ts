// Parameters shared by the list operations: page size, opaque cursor and int64
// path identifiers. Query values arrive as strings and are parsed strictly
// (digits only: no signs, spaces, exponents or hex).
import { z } from 'zod';

const INT64_MAX = 9_223_372_036_854_775_807n;

/** Replaces the rendered JSON Schema (which would describe the string parser) with the documented one. */
export function documentAs(schema: Record<string, unknown>) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    const description = jsonSchema.description;
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, description ? { description } : {}, schema);
  };
}

function queryInteger(options: { min: number; max: number; default: number; description: string }) {
  const message = `must be an integer from ${options.min} to ${options.max}`;
  return z
    .string()
    .regex(/^[0-9]{1,12}$/, { error: message })
    .transform(Number)
    .pipe(z.int().min(options.min, { error: message }).max(options.max, { error: message }))
    .optional()
    .transform((value) => value ?? options.default)
    .meta({
      description: options.description,
      // Documented as the integer it is; on the wire it is a query string.
      override: documentAs({ type: 'integer', minimum: options.min, maximum: options.max, default: options.default }),
    });
}

export const Limit = queryInteger({ min: 1, max: 100, default: 20, description: 'Maximum number of items to return.' });

/** A category id in a query string: a positive integer up to 2^53-1. */
export const queryCategoryId = z
  .string()
  .regex(/^[0-9]{1,16}$/, { error: `must be a positive integer up to ${Number.MAX_SAFE_INTEGER}`, abort: true })
  .transform(Number)
  .refine((id) => id >= 1 && id <= Number.MAX_SAFE_INTEGER, { error: `must be a positive integer up to ${Number.MAX_SAFE_INTEGER}` })
  .meta({ override: documentAs({ type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** Cursors are opaque to clients: base64url of the last id on the previous page. */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`id:${lastId}`).toString('base64url');
}

/**
 * An opaque cursor parameter: `decode` gives the position it holds, or undefined
 * for a value that is not a cursor this list wrote (a 400 that says where to get one).
 */
export function cursorParam<Position>(decode: (value: string) => Position | undefined, description: string) {
  return z
    .string()
    .transform((value, context) => {
      const position = decode(value);
      if (position === undefined) {
        context.addIssue({ code: 'custom', message: 'is not a valid cursor; use the one from the Link header' });
        return z.NEVER;
      }
      return position;
    })
    .optional()
    .meta({ description, override: documentAs({ type: 'string' }) });
}

export const Cursor = cursorParam((value) => {
  const match = /^id:([1-9][0-9]{0,15})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  const lastId = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(lastId) && encodeCursor(lastId) === value ? lastId : undefined;
}, 'Opaque cursor from the `Link: <…>; rel="next"` header of the previous page.');

/** An int64 identifier in a path segment. */
export function int64Id() {
  const message = 'must be a positive integer (int64)';
  return (
    z
      .string()
      // abort: zod 4 runs every check, and BigInt() throws on a non-digit string.
      .regex(/^[0-9]{1,19}$/, { error: message, abort: true })
      .refine((value) => BigInt(value) >= 1n && BigInt(value) <= INT64_MAX, { error: message })
      .transform((value) => BigInt(value))
      .meta({ override: documentAs({ type: 'integer', format: 'int64', minimum: 1 }) })
  );
}

/** The largest integer that survives a JSON round trip in JavaScript clients. */
export const MAX_JSON_INTEGER = Number.MAX_SAFE_INTEGER;

/** A batch's id (the activity log's `batchId`: a bulk change, a bulk delete, an import, an undo): a UUID. */
export const BatchId = z.uuid({ error: 'must be a UUID' }).meta({ format: 'uuid' });
