// Query strings and path parameters, validated by the contract's zod schemas.
// Unknown parameters are ignored; a known one given twice is an error, but for
// one the contract documents as repeated (`tag=a&tag=b`: an array, form style,
// exploded), whose every value is taken.
import type { z } from 'zod';
import { RequestRefusal, invalidRequest } from './errors';

const isRepeated = (parameter: z.ZodType) => (parameter.meta() as { param?: { explode?: boolean } } | undefined)?.param?.explode === true;

export function parseQuery<Schema extends z.ZodObject>(url: URL, schema: Schema): z.output<Schema> {
  const values: Record<string, string | string[]> = {};
  for (const [name, parameter] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const given = url.searchParams.getAll(name);
    if (isRepeated(parameter)) {
      if (given.length > 0) values[name] = given;
      continue;
    }
    if (given.length > 1) {
      throw new RequestRefusal('invalid_request', `Invalid query parameter: ${name} must be given at most once.`, {
        details: [{ path: name, message: 'must be given at most once' }],
      });
    }
    if (given.length === 1) values[name] = given[0]!;
  }
  const result = schema.safeParse(values);
  if (!result.success) throw invalidRequest(result.error.issues, 'query parameter');
  return result.data;
}

/** Refuses a query that gives `name` together with any of `others` (a parameter that stands alone). */
export function refuseAlongside(url: URL, name: string, others: readonly string[]): void {
  const given = others.filter((other) => url.searchParams.has(other));
  if (!url.searchParams.has(name) || given.length === 0) return;
  throw new RequestRefusal('invalid_request', `Invalid query parameter: ${name} cannot be combined with ${given.join(', ')}.`, {
    details: given.map((path) => ({ path, message: `cannot be combined with ${name}` })),
  });
}

export function parseParams<Schema extends z.ZodObject>(params: unknown, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(params);
  if (!result.success) throw invalidRequest(result.error.issues, 'path parameter');
  return result.data;
}

export function parseBody<Schema extends z.ZodType>(body: unknown, schema: Schema): z.output<Schema> {
  // reportInput: describeIssue tells a missing field ("is required") from a wrong one by the input.
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw invalidRequest(result.error.issues, 'request body');
  return result.data;
}
