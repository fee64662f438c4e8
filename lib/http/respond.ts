// JSON responses: every /v1 answer, success or error, goes through here.
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status: init.status ?? 200,
    // A known length spares chunked encoding: Node sends headers and body in one write and no terminating chunk.
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...init.headers },
  });
}
