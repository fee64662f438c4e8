// GET /v1/categories (listCategories) and POST /v1/categories (createCategory): experimental.
import { createCategory, listCategories } from '@/lib/categories';
import { ListCategoriesQuery, NewCategory } from '@/lib/contract/categories';
import { db } from '@/lib/db/client';
import { readJsonBody } from '@/lib/http/body';
import { refusal } from '@/lib/http/errors';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ url }) => {
  const query = parseQuery(url, ListCategoriesQuery);
  const page = await listCategories(await db(), { limit: query.limit, afterId: query.cursor });
  return json(page.items, { headers: nextPageHeaders(url, page, query.limit) });
});

export const POST = apiRoute({ scope: 'write' }, async ({ request }) => {
  const newCategory = parseBody(await readJsonBody(request), NewCategory);
  const outcome = await createCategory(await db(), newCategory);
  if (!outcome.ok) throw refusal(outcome);
  return json(outcome.category, { status: 201, headers: { location: `/v1/categories/${outcome.category.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
