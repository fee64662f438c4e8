// GET /v1/openapi.json: the served OpenAPI 3.1 document (docs/ARCHITECTURE.md "The
// OpenAPI document"), and a check that the suite's oracle really rejects
// bodies that break it.
import { describe, expect, it } from 'vitest';
import { api, uniqueCategoryId } from '../support/api';
import { componentSchema, documentedResponse, openApiDocument, queryParameterSchema, type OpenApiDocument } from '../support/openapi';

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

  it('states the scope each operation needs', async () => {
    const { paths } = await fetchDocument();
    // Every operation but those open to all (`security: []`: a photo's signed file).
    const scopes = Object.fromEntries(
      Object.values(paths).flatMap((item) =>
        Object.values(item)
          .filter((operation) => (operation as { security?: unknown[] }).security?.length !== 0)
          .map((operation) => [operation.operationId, (operation as Record<string, unknown>)['x-required-scope']]),
      ),
    );
    expect(scopes).toMatchObject({ listPets: 'read', createPet: 'write', getPet: 'read', listUsers: 'admin', createApiKey: 'read' });
    expect(Object.values(scopes).every((scope) => ['read', 'write', 'admin'].includes(scope as string))).toBe(true);
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

  it("documents listPets' experimental batch read: id, a comma-separated list of up to 100 ids", async () => {
    const { paths } = await fetchDocument();
    const parameters = (paths['/pets']!.get!.parameters ?? []) as {
      name: string;
      in: string;
      style?: string;
      explode?: boolean;
      description?: string;
      schema?: unknown;
    }[];
    const id = parameters.find((parameter) => parameter.name === 'id' && parameter.in === 'query');
    expect(id).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 100 } });
    expect(id?.description).toMatch(/^Experimental\./);
  });

  it('defaults each server to /v1, relative to wherever the document is read', async () => {
    const { servers } = await fetchDocument();
    expect(servers?.map((server) => server.url)).toEqual(['/v1', '/v1']);
  });

  it('says where each server URL comes from', async () => {
    const { info } = await fetchDocument();
    expect(info.description).toContain('Production is `/v1` on the host that served this document (`PETSTORE_PRODUCTION_URL` is not set)');
    expect(info.description).toContain('Staging is `/v1` on the host that served this document (`PETSTORE_STAGING_URL` is not set)');
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
        'invalid_request',
        'unauthorized',
        'forbidden',
        'not_found',
        'method_not_allowed',
        'conflict',
        'gone',
        'payload_too_large',
        'unsupported_media_type',
        'rate_limited',
        'internal_error',
        'service_unavailable',
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

// A client that checks its requests against the document must never send one the
// service refuses (nor hold back one it takes): the document's verdict and the
// service's agree, name by name.
describe('the document says what the service enforces', () => {
  const NAMES: [string, string][] = [
    ['a plain name', 'Rex'],
    ['100 characters', 'n'.repeat(100)],
    ['101 characters', 'n'.repeat(101)],
    ['101 characters, one a leading space', ` ${'n'.repeat(100)}`],
    ['98 characters between two spaces', ` ${'n'.repeat(98)} `],
    ['100 emoji', '🐶'.repeat(100)],
    ['tabs and newlines around it', '\t Bella \n'],
    ['an inner newline', 'Re\nx'],
    ['a NUL', 'Re\u0000x'],
    ['a C1 control', 'Re\u0085x'],
    ['only spaces', '   '],
    ['empty', ''],
    ['a zero-width space', '\u200b'],
    ['a Hangul filler', '\u3164'],
    ['a blank Braille pattern', '\u2800'],
    ['an ideographic space and a word joiner', '\u3000\u2060'],
    ['a right-to-left override', 'Rex\u202egnp.exe'],
    ['an Arabic letter mark', '\u061cRex'],
    ['a zero-width joiner inside an emoji', '🐕\u200d🦺'],
    ['a non-breaking space inside', 'Rex\u00a0II'],
  ];

  it.each(NAMES)('agrees on a pet name of %s', async (_case, name) => {
    const newPet = { name, categoryId: uniqueCategoryId() };
    const documented = (await componentSchema('NewPet'))(newPet);
    const response = await api('POST', '/v1/pets', { json: newPet });
    expect(response.status, JSON.stringify(response.body)).toBe(documented ? 201 : 400);
  });

  it.each(NAMES)('agrees on a category name of %s', async (_case, name) => {
    const documented = (await componentSchema('NewCategory'))({ name });
    const response = await api('POST', '/v1/categories', { json: { name } });
    // A name taken already (by another run of this test) passed validation all the same.
    expect(response.status === 400, JSON.stringify(response.body)).toBe(!documented);
  });

  it.each([
    ['a word', 'rex'],
    ['100 characters', 'n'.repeat(100)],
    ['101 characters', 'n'.repeat(101)],
    ['a control character', 'a\u0007b'],
    ['a zero-width space', '\u200b'],
  ])('agrees on a name search of %s', async (_case, text) => {
    const documented = (await queryParameterSchema('/pets', 'get', 'name'))(text);
    const response = await api('GET', `/v1/pets?limit=1&name=${encodeURIComponent(text)}`);
    expect(response.status).toBe(documented ? 200 : 400);
  });

  it.each([
    ['1', 1],
    ['2^53-1', Number.MAX_SAFE_INTEGER],
    ['2^53', 2 ** 53],
  ])('agrees on a categoryId filter of %s', async (_case, categoryId) => {
    const documented = (await queryParameterSchema('/pets', 'get', 'categoryId'))(categoryId);
    const response = await api('GET', `/v1/pets?limit=1&categoryId=${BigInt(categoryId)}`);
    expect(response.status).toBe(documented ? 200 : 400);
  });

  it.each([
    ['an address', 'keeper@example.com', true],
    ['no domain', 'keeper@', false],
    ['no at sign', 'keeper.example.com', false],
  ])("describes a new user's email as an address: %s", async (_case, email, valid) => {
    expect((await componentSchema('NewUser'))({ email, password: 'long enough' })).toBe(valid);
  });
});
