// /healthz (liveness) and /readyz (readiness): open to all, outside /v1.
import { describe, expect, inject, it } from 'vitest';

describe.each([
  ['/healthz', { status: 'ok' }],
  ['/readyz', { status: 'ok', database: 'up' }],
])('%s', (path, body) => {
  it('answers 200 without an API key', async () => {
    const response = await fetch(new URL(path, inject('baseUrl')));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(body);
  });

  it('is not cached', async () => {
    const response = await fetch(new URL(path, inject('baseUrl')));
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
