// Every /v1 answer is made here, from plain parts: a status, a body (text,
// bytes or none) and plain headers. The parts are kept beside the Response, so
// that the wrapper (lib/http/handler.ts) and compression (lib/v1-path/compression.ts)
// add headers or compress without reading the Response back. On the /v1 path
// that keeps every answer on the adapter's light path (@hono/node-server writes
// a text or byte body with plain headers straight to node:http); a Headers
// object, or a body read back, makes it build a WHATWG Response and stream it
// (docs/PERFORMANCE.md, "Levers tried for the peer").
export type AnswerParts = {
  status: number;
  body: string | Uint8Array | null;
  /** Lowercase names. */
  headers: Record<string, string>;
};

const partsOfAnswer = new WeakMap<Response, AnswerParts>();

export function answer(parts: AnswerParts): Response {
  const response = new Response(parts.body as BodyInit | null, { status: parts.status, headers: parts.headers });
  partsOfAnswer.set(response, parts);
  return response;
}

/** A JSON answer. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return answer({ status: init.status ?? 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...lowercased(init.headers) } });
}

/** A 204, without a body. */
export const noContent = (headers: Record<string, string> = {}) => answer({ status: 204, body: null, headers: lowercased(headers) });

/** The parts of an answer: as made here, or read back from any other Response (whose body is then used up). */
export async function partsOf(response: Response): Promise<AnswerParts> {
  const parts = partsOfAnswer.get(response);
  if (parts) return parts;
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, body, headers: Object.fromEntries(response.headers) };
}

/** Whether the Response was made here (its parts are known; its body is not read back). */
export const isAnswer = (response: Response) => partsOfAnswer.has(response);

/** A header of the answer, without building its Headers when the parts are known. */
export function headerOf(response: Response, name: string): string | null {
  const parts = partsOfAnswer.get(response);
  return parts ? (parts.headers[name] ?? null) : response.headers.get(name);
}

/** The answer with `extra` headers set over its own and `removed` ones taken out. */
export function withHeaders(response: Response, extra: Record<string, string>, removed: string[] = []): Response {
  const parts = partsOfAnswer.get(response);
  if (!parts) {
    for (const name of removed) response.headers.delete(name);
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  }
  const headers = { ...parts.headers, ...extra };
  for (const name of removed) delete headers[name];
  return answer({ ...parts, headers });
}

function lowercased(headers: Record<string, string> | undefined): Record<string, string> {
  if (!headers) return {};
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}
