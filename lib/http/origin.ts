// The origin a client used to reach this server: the Host header, and the
// scheme a TLS-terminating proxy reports in X-Forwarded-Proto. Read from the
// headers rather than request.url, whose host is the name Next was started
// with under Next and the Host header on the /v1 production path.
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1);
  return `${scheme}://${request.headers.get('host') ?? url.host}`;
}
