// Request headers without the WHATWG Headers object. On the /v1 path
// (lib/v1-path/server.ts) each Request's node:http message is remembered, and
// its headers are read from there: the adapter builds a Request's Headers, with
// a validation per header, only when something asks for `request.headers`
// (docs/PERFORMANCE.md, "Levers tried"). Anywhere else (Next's own path, a
// Request made in code) this is `request.headers.get`.
import type { IncomingMessage } from 'node:http';

const messageOf = new WeakMap<Request, IncomingMessage>();

export function rememberMessage(request: Request, message: IncomingMessage): void {
  messageOf.set(request, message);
}

/** The header's value as `Headers.get` gives it: every field line of that name, joined with ", "; null when absent. */
export function requestHeader(request: Request, name: string): string | null {
  const message = messageOf.get(request);
  if (!message) return request.headers.get(name);
  return message.headersDistinct[name]?.join(', ') ?? null;
}
