// getPet around its sunset (5 December 2030, 00:00:00 UTC): servers of their
// own with the clock frozen by PETSTORE_CLOCK, one second before and at the
// sunset.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, linkTarget } from '../support/api';
import { startServer, type TestServer } from '../support/server';

const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

describe.each([
  ['one second before the sunset', '2030-12-04T23:59:59Z', 200],
  ['at the sunset', '2030-12-05T00:00:00Z', 410],
] as const)('getPet %s', (_case, clock, status) => {
  let server: TestServer;
  let petId: number;

  beforeAll(async () => {
    server = await startServer({ database: inject('database'), env: { PETSTORE_CLOCK: clock } });
    const created = await api('POST', '/v1/pets', { baseUrl: server.baseUrl, key: server.apiKey, json: { name: 'Sunset', categoryId: 1 } });
    expect(created.status).toBe(201);
    petId = created.body.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${status}`, async () => {
    const response = await api('GET', `/v1/pets/${petId}`, { baseUrl: server.baseUrl, key: server.apiKey });
    expect(response.status).toBe(status);
    if (status === 410) expect(response.body.code).toBe('gone');
    else expect(response.body.id).toBe(petId);
  });

  it('still sends the deprecation headers', async () => {
    const response = await api('GET', `/v1/pets/${petId}`, { baseUrl: server.baseUrl, key: server.apiKey });
    expect(response.headers.get('sunset')).toBe(SUNSET);
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(linkTarget(response.headers, 'successor-version')).toBe('/v1/pets');
  });

  it('still checks the key first (401 without one)', async () => {
    const response = await api('GET', `/v1/pets/${petId}`, { baseUrl: server.baseUrl, key: null });
    expect(response.status).toBe(401);
  });

  it('keeps listPets, the successor, answering 200', async () => {
    const response = await api('GET', '/v1/pets?limit=1', { baseUrl: server.baseUrl, key: server.apiKey });
    expect(response.status).toBe(200);
  });
});
