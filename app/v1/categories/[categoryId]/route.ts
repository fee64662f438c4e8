// GET /v1/categories/{categoryId} (getCategory) and PATCH (updateCategory: rename): experimental.
import { getCategory, renameCategory } from '@/lib/categories';
import { CategoryIdParams, CategoryUpdate } from '@/lib/contract/categories';
import { db } from '@/lib/db/client';
import { readJsonBody } from '@/lib/http/body';
import { notFound, refusal } from '@/lib/http/errors';
import { apiRoute, otherMethods } from '@/lib/http/handler';
import { parseBody, parseParams } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ scope: 'read' }, async ({ params }) => {
  const { categoryId } = parseParams(params, CategoryIdParams);
  const category = await getCategory(await db(), categoryId);
  if (!category) throw notFound(`No category has id ${categoryId}.`);
  return json(category);
});

export const PATCH = apiRoute({ scope: 'write' }, async ({ request, params }) => {
  const { categoryId } = parseParams(params, CategoryIdParams);
  const update = parseBody(await readJsonBody(request), CategoryUpdate);
  const outcome = await renameCategory(await db(), categoryId, update.name);
  if (!outcome.ok) throw refusal(outcome);
  return json(outcome.category);
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(['GET', 'PATCH']);
