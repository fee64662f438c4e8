// GET /v1/openapi.json: the served OpenAPI 3.1 document (DESIGN.md "The
// OpenAPI document"), and a check that the suite's oracle really rejects
// bodies that break it.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { componentSchema, documentedResponse, openApiDocument, type OpenApiDocument } from '../support/openapi';

async function fetchDocument() {
  const response = await api<OpenApiDocument>('GET', '/v1/openapi.json', { key: null });
  expect(response.status).toBe(200);
  return response.body;
}

describe('the OpenAPI document', () => {
  it('is served without an API key', async () => {
    const response = await api('GET', '/v1/openapi.json', { key: null });
    expect(response.status).toBe(200);
  });

  it('is OpenAPI 3.1 at version 1.0.0', async () => {
    const document = (await fetchDocument()) as OpenApiDocument & { info: { version: string } };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toBe('1.0.0');
  });

  it('lists the Production and Staging servers, each ending in /v1', async () => {
    const { servers } = await fetchDocument();
    expect(servers?.map((server) => server.description)).toEqual(['Production', 'Staging']);
    for (const server of servers!) expect(server.url).toMatch(/\/v1$/);
  });

  it('protects every operation with the bearerAuth HTTP bearer scheme', async () => {
    const document = (await fetchDocument()) as OpenApiDocument & { security: unknown };
    expect(document.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has the four operations of the service', async () => {
    const { paths } = await fetchDocument();
    const operations = Object.values(paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(operations).toEqual(expect.arrayContaining(['listPets', 'createPet', 'getPet', 'listOrders']));
  });

  it('marks getPet deprecated with its sunset', async () => {
    const { paths } = await fetchDocument();
    expect(paths['/pets/{petId}']!.get).toMatchObject({ deprecated: true, 'x-sunset': '2030-12-05T00:00:00.000Z' });
  });

  it.each([
    ['/store/orders', 'get'],
    ['/store/orders', 'post'],
    ['/store/orders/{orderId}', 'get'],
    ['/store/orders/{orderId}', 'patch'],
  ])('marks %s %s experimental with the try-it panel off', async (path, method) => {
    const { paths } = await fetchDocument();
    expect(paths[path]![method]).toMatchObject({ 'x-stability': 'experimental', 'x-hideTryItPanel': true });
  });

  it('defaults each server to /v1, relative to wherever the document is read', async () => {
    const { servers } = await fetchDocument();
    expect(servers?.map((server) => server.url)).toEqual(['/v1', '/v1']);
  });

  it.each([
    ['/pets', 'get', ['200', '401']],
    ['/pets', 'post', ['201', '400', '401']],
    ['/pets/{petId}', 'get', ['200', '401', '404']],
    ['/store/orders', 'get', ['200', '401']],
  ])('documents at least the responses of the spec for %s %s', async (path, method, statuses) => {
    const { paths } = await fetchDocument();
    expect(Object.keys(paths[path]![method]!.responses!)).toEqual(expect.arrayContaining(statuses));
  });

  it('lists the closed set of error codes', async () => {
    const { components } = await fetchDocument();
    expect(components.schemas?.ErrorCode).toMatchObject({
      enum: [
        'invalid_request', 'unauthorized', 'forbidden', 'not_found', 'method_not_allowed', 'conflict', 'gone',
        'payload_too_large', 'unsupported_media_type', 'rate_limited', 'internal_error', 'service_unavailable',
      ],
    });
  });
});

describe('the oracle built from the document', () => {
  it('rejects a Pet with a null status', async () => {
    const validate = await componentSchema('Pet');
    expect(validate({ id: 1, name: 'x', categoryId: 1 })).toBe(true);
    expect(validate({ id: 1, name: 'x', categoryId: 1, status: null })).toBe(false);
  });

  it('rejects an Error with a code outside the closed set', async () => {
    const validate = await componentSchema('Error');
    expect(validate({ code: 'not_found', message: 'm', status: 404 })).toBe(true);
    expect(validate({ code: 'teapot', message: 'm', status: 418 })).toBe(false);
  });

  it('resolves $refs in operation responses', async () => {
    const documented = await documentedResponse('/pets', 'GET', 200);
    expect('validate' in documented && documented.validate([{ id: 1, name: 'x', categoryId: 1, status: 'sold' }])).toBe(true);
    expect('validate' in documented && documented.validate([{ id: 'one', name: 'x', categoryId: 1 }])).toBe(false);
  });

  it('treats an undocumented status as undocumented', async () => {
    expect(await documentedResponse('/pets', 'GET', 418)).toHaveProperty('undocumented');
    expect(await openApiDocument()).toHaveProperty('paths');
  });
});
