// GET /v1/openapi.json: the OpenAPI 3.1 document (public, no key needed).
import { config } from '@/lib/runtime/config';
import { createOpenApiDocument } from '@/lib/contract/openapi';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

// An unconfigured server is relative: a reader resolves it against wherever it
// fetched the document (OpenAPI 3.1, Server Object), so the docs' try-it works
// at any host, port or proxy. (The origin Next sees is its own bind address,
// localhost, not the one the browser used.)
const here = '/v1';

export const GET = apiRoute({ operation: null }, async () => {
  const document = createOpenApiDocument({
    production: config().PETSTORE_PRODUCTION_URL ?? here,
    staging: config().PETSTORE_STAGING_URL ?? here,
  });
  return json(document);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
