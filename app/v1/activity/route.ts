// GET /v1/activity (listActivity, admin, experimental): the activity log, newest
// first, filtered by resource, id, actor and time, keyset-paged (Link: rel="next").
import { listActivity } from '@/lib/domain/activity';
import { ListActivityQuery } from '@/lib/contract/activity';
import { toEntry } from '@/lib/http/activity-entry';
import { apiRoute } from '@/lib/http/handler';
import { nextPageHeaders } from '@/lib/http/link';
import { otherMethods } from '@/lib/http/other-methods';
import { parseQuery } from '@/lib/http/query';
import { json } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({ operation: 'listActivity' }, async ({ url, database }) => {
  const { limit, cursor, ...filters } = parseQuery(url, ListActivityQuery);
  const page = await listActivity(database, { ...filters, limit, beforeId: cursor });
  return json(page.items.map(toEntry), { headers: nextPageHeaders(url, page, limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
