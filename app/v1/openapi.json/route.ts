// GET /v1/openapi.json: the OpenAPI 3.1 document (public, no key needed).
import { config } from '@/lib/config';
import { createOpenApiDocument } from '@/lib/contract/openapi';
import { apiRoute, methodNotAllowed } from '@/lib/http/handler';
import { optionsAllowing } from '@/lib/http/options';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: null }, async ({ url }) => {
  const here = `${url.origin}/v1`;
  const document = createOpenApiDocument({
    production: config().PETSTORE_PRODUCTION_URL ?? here,
    staging: config().PETSTORE_STAGING_URL ?? here,
  });
  return json(document);
});

const ALLOWED = ['GET', 'HEAD', 'OPTIONS'];
const notAllowed = methodNotAllowed(ALLOWED);
export const OPTIONS = optionsAllowing(ALLOWED);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
