// GET /v1/tags (listTags): experimental; every tag some pet has, alphabetically
// ignoring case, each with its pet count; keyset pages.
import { ListTagsQuery, encodeTagCursor } from '@/lib/contract/tags';
import { apiRoute } from '@/lib/http/handler';
import { otherMethods } from '@/lib/http/other-methods';
import { nextCursorHeaders } from '@/lib/http/link';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';
import { listTags } from '@/lib/domain/tags';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listTags' }, async ({ url, database }) => {
  const query = parseQuery(url, ListTagsQuery);
  const page = await listTags(database, { limit: query.limit, name: query.name, afterKey: query.cursor });
  return json(page.items, { headers: nextCursorHeaders(url, page.nextKey === null ? null : encodeTagCursor(page.nextKey), query.limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
