// The OpenAPI 3.1 document, generated from the contract's zod schemas (never
// written by hand). Served at /v1/openapi.json.
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { GET_PET_SUNSET } from '../deprecation';
import { IdempotencyKeyHeaders, idempotentReplayHeader } from './idempotency';
import { ListOrdersQuery, Orders } from './orders';
import { ListPetsQuery, NewPet, Pet, PetIdParams, Pets } from './pets';
import { commonErrors, errorResponses } from './responses';

const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const nextPageLink = {
  Link: {
    description: 'Present when there is a next page: `<…&cursor=…>; rel="next"` (RFC 8288).',
    schema: { type: 'string' as const },
  },
};

const paths: ZodOpenApiPathsObject = {
  '/pets': {
    get: {
      operationId: 'listPets',
      summary: 'List animals',
      description: 'Returns animals in ascending id order, at most `limit` of them. The next page, if any, is announced in the `Link` header.',
      tags: ['pets'],
      requestParams: { query: ListPetsQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Pets) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
    post: {
      operationId: 'createPet',
      summary: 'Add an animal',
      tags: ['pets'],
      requestParams: { header: IdempotencyKeyHeaders },
      requestBody: { required: true, ...jsonBody(NewPet) },
      responses: {
        '201': {
          description: 'Animal added.',
          headers: {
            Location: { description: 'The new animal’s URL.', schema: { type: 'string' as const } },
            ...idempotentReplayHeader,
          },
          ...jsonBody(Pet),
        },
        '400': errorResponses.BadRequest,
        '409': errorResponses.Conflict,
        '413': errorResponses.PayloadTooLarge,
        '415': errorResponses.UnsupportedMediaType,
        ...commonErrors,
      },
    },
  },
  '/pets/{petId}': {
    get: {
      operationId: 'getPet',
      summary: 'Get an animal (deprecated)',
      description: `Deprecated: removed on ${GET_PET_SUNSET.toUTCString()}; use \`GET /pets\` with the \`status\` filter. Every response carries \`Deprecation\`, \`Sunset\` and a \`Link\` to the successor; from the sunset on the operation answers 410.`,
      tags: ['pets'],
      deprecated: true,
      'x-sunset': GET_PET_SUNSET.toISOString(),
      requestParams: { path: PetIdParams },
      responses: {
        '200': {
          description: 'Success.',
          headers: {
            Deprecation: { description: 'RFC 9745: when the operation was deprecated (`@<epoch seconds>`).', schema: { type: 'string' as const } },
            Sunset: { description: 'RFC 8594: when the operation will be removed.', schema: { type: 'string' as const } },
          },
          ...jsonBody(Pet),
        },
        '400': errorResponses.BadRequest,
        '404': errorResponses.NotFound,
        '410': errorResponses.Gone,
        ...commonErrors,
      },
    },
  },
  '/store/orders': {
    get: {
      operationId: 'listOrders',
      summary: 'List orders (experimental)',
      tags: ['store'],
      'x-stability': 'experimental',
      'x-hideTryItPanel': true,
      requestParams: { query: ListOrdersQuery },
      responses: {
        '200': { description: 'Success.', headers: nextPageLink, ...jsonBody(Orders) },
        '400': errorResponses.BadRequest,
        ...commonErrors,
      },
    },
  },
};

export function createOpenApiDocument(servers: { production: string; staging: string }) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Petstore',
      version: '1.0.0',
      description: 'A pet store catalogue: list, add and fetch animals, and list store orders. Every operation requires a bearer API key.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: servers.production, description: 'Production' },
      { url: servers.staging, description: 'Staging' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'pets', description: 'Animals in the catalogue.' },
      { name: 'store', description: 'Store orders (experimental).' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <API_KEY>`.' },
      },
    },
  });
}
