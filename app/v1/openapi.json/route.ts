// GET /v1/openapi.json: the OpenAPI 3.1 document (public, no key needed).
import { config } from '@/lib/config';
import { createOpenApiDocument } from '@/lib/contract/openapi';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { requestOrigin } from '@/lib/http/origin';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: null }, async ({ request }) => {
  const here = `${requestOrigin(request)}/v1`;
  const document = createOpenApiDocument({
    production: config().PETSTORE_PRODUCTION_URL ?? here,
    staging: config().PETSTORE_STAGING_URL ?? here,
  });
  return json(document);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
