// GET /v1/categories (listCategories) and POST /v1/categories (createCategory): experimental.
import { createCategory, listCategories } from '@/lib/domain/categories';
import { ListCategoriesQuery, NewCategory } from '@/lib/contract/categories';
import { readJsonBody } from '@/lib/http/body';
import { valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextPageHeaders } from '@/lib/http/link';
import { parseBody, parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listCategories' }, async ({ url, database }) => {
  const query = parseQuery(url, ListCategoriesQuery);
  const page = await listCategories(database, { limit: query.limit, afterId: query.cursor });
  return json(page.items, { headers: nextPageHeaders(url, page, query.limit) });
});

export const POST = apiRoute({ operation: 'createCategory' }, async ({ request, database }) => {
  const newCategory = parseBody(await readJsonBody(request), NewCategory);
  const category = valueOf(await createCategory(database, newCategory));
  return json(category, { status: 201, headers: { location: `/v1/categories/${category.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
