// GET /v1/categories/{categoryId} (getCategory), PATCH (updateCategory: rename)
// and DELETE (deleteCategory, while no pet names it): experimental.
import { deleteCategory, getCategory, renameCategory } from '@/lib/domain/categories';
import { CategoryIdParams, CategoryUpdate } from '@/lib/contract/categories';
import { readJsonBody } from '@/lib/http/body';
import { notFound, valueOf } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { parseBody, parseParams } from '@/lib/http/query';
import { json, noContent } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'getCategory' }, async ({ params, database }) => {
  const { categoryId } = parseParams(params, CategoryIdParams);
  const category = await getCategory(database, categoryId);
  if (!category) throw notFound(`No category has id ${categoryId}.`);
  return json(category);
});

export const PATCH = apiRoute({ operation: 'updateCategory' }, async ({ request, params, database }) => {
  const { categoryId } = parseParams(params, CategoryIdParams);
  const update = parseBody(await readJsonBody(request), CategoryUpdate);
  return json(valueOf(await renameCategory(database, categoryId, update.name)));
});

export const DELETE = apiRoute({ operation: 'deleteCategory' }, async ({ params, database }) => {
  const { categoryId } = parseParams(params, CategoryIdParams);
  valueOf(await deleteCategory(database, categoryId));
  return noContent();
});

export const { POST, PUT, OPTIONS } = otherMethods(['GET', 'PATCH', 'DELETE']);
