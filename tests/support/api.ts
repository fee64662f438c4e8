// The front door for the API tests: makes one HTTP request to the running
// server and checks the answer against the served OpenAPI document, so the
// document and the behaviour cannot drift apart:
// - a status the operation does not document fails the test;
// - the body must match the documented schema for that status;
// - every error body is an Error whose `status` equals the HTTP status;
// - every answer under /v1 is JSON and carries X-Request-Id.
// Paths the document does not describe (the /v1 catch-all, wrong methods) must
// answer 404 or 405 with an Error body.
import { expect, inject } from 'vitest';
import { linkTarget as linkTargetOf } from '@/lib/client/link-header';
import type { ErrorBody } from '@/lib/contract/errors';
import { componentSchema, documentedResponse, matchPathTemplate, openApiDocument } from './openapi';

export type ApiResponse<Body = unknown> = {
  status: number;
  headers: Headers;
  body: Body;
  /** The body as it came, for a test that compares answers byte for byte. */
  text: string;
  /** The operation the answer was checked against, or `undefined` for the catch-all. */
  operationId?: string;
};

export type ApiOptions = {
  /** The bearer key; `null` sends no Authorization header. Defaults to the suite's bootstrap key. */
  key?: string | null;
  /** A raw Authorization header value (overrides `key`). */
  authorization?: string;
  /** A value to send as a JSON body (with Content-Type: application/json unless `contentType` says otherwise). */
  json?: unknown;
  /** A raw body, sent as is (a stream goes out chunked, without Content-Length). */
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  contentType?: string;
  headers?: Record<string, string>;
  /** Another server than the suite's (e.g. one with a frozen clock). */
  baseUrl?: string;
};

const BODILESS_METHODS = new Set(['HEAD']);

// Any[] by default so that tests read naturally (`response.body.id`); pass a type to narrow it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<Body = any>(method: string, path: string, options: ApiOptions = {}): Promise<ApiResponse<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? inject('apiKey') : options.key;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (key !== null) headers.authorization = `Bearer ${key}`;
  let body = options.body;
  if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined && !('content-type' in headers)) {
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    else if (options.json !== undefined) headers['content-type'] = 'application/json';
  }
  const url = new URL(path, options.baseUrl ?? inject('baseUrl'));
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body: body as BodyInit | undefined, redirect: 'manual' };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(url, init);
  const text = await response.text();
  const where = `${method} ${url.pathname}${url.search} -> ${response.status}`;

  if (BODILESS_METHODS.has(method) || response.status === 204) {
    expect(text, `${where}: no body`).toBe('');
    expect(response.headers.get('x-request-id'), `${where}: X-Request-Id`).toBeTruthy();
    return { status: response.status, headers: response.headers, body: undefined as Body, text };
  }

  expect(response.headers.get('content-type'), `${where}: Content-Type`).toMatch(/^application\/json\b/);
  expect(response.headers.get('x-request-id'), `${where}: X-Request-Id`).toBeTruthy();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${text.slice(0, 200)}`);
  }
  if (response.status >= 400) await expectErrorBody(parsed, response.status, where);

  let operationId: string | undefined;
  if (url.pathname !== '/v1/openapi.json') {
    const template = matchPathTemplate(await openApiDocument(), url.pathname);
    const documented = template ? await documentedResponse(template, method, response.status) : undefined;
    const isOperation = documented !== undefined && !('undocumented' in documented && /is not an operation/.test(documented.undocumented));
    if (isOperation) {
      if ('undocumented' in documented) throw new Error(`${where}: ${documented.undocumented}; body: ${text.slice(0, 300)}`);
      operationId = documented.operationId;
      expect(
        documented.validate(parsed),
        `${where}: body does not match the documented schema: ${JSON.stringify(documented.validate.errors)}; body: ${text.slice(0, 300)}`,
      ).toBe(true);
    } else {
      // Outside the document: only the catch-all answers (no such path, or no such method on a path).
      expect([404, 405], `${where}: an undocumented path or method must answer 404 or 405`).toContain(response.status);
      if (response.status === 405) expect(response.headers.get('allow'), `${where}: Allow`).toBeTruthy();
    }
  }
  return { status: response.status, headers: response.headers, body: parsed as Body, text, operationId };
}

/** The Error body of an answer that was expected to fail (its shape was checked by `api`). */
export const errorOf = (response: ApiResponse<unknown>) => response.body as ErrorBody;

async function expectErrorBody(body: unknown, status: number, where: string): Promise<void> {
  const validate = await componentSchema('Error');
  expect(validate(body), `${where}: not an Error body: ${JSON.stringify(validate.errors)}; body: ${JSON.stringify(body)}`).toBe(true);
  expect((body as { status: number }).status, `${where}: Error.status must equal the HTTP status`).toBe(status);
}

/** Adds a pet through the API (expects 201) and returns it. */
export async function addPet(newPet: { name: string; categoryId: number; status?: string }, options: ApiOptions = {}) {
  const response = await api<{ id: number; name: string; categoryId: number; status?: string }>('POST', '/v1/pets', { ...options, json: newPet });
  expect(response.status, `creating ${JSON.stringify(newPet)}: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
}

/**
 * A category id no other test uses, so a test can list "its" pets without
 * assuming the shared table is empty. Random within the safe range; the
 * chance of two tests colliding is negligible.
 */
export function uniqueCategoryId(): number {
  return 1_000_000 + Math.floor(Math.random() * 1e12);
}

/** The URL in a `Link: <…>; rel="<rel>"` header, or undefined. */
export const linkTarget = (headers: Headers, rel: string) => linkTargetOf(headers.get('link'), rel);
