// DELETE /v1/me/sessions (endOwnSessions, experimental): "Sign out everywhere".
// Every dashboard session of the user behind this session's key ends, this one
// included; the keys they made by hand keep working.
import { now } from '@/lib/runtime/clock';
import { apiRoute } from '@/lib/http/handler';
import { sessionUser } from '@/lib/http/key-holder';
import { otherMethods } from '@/lib/http/other-methods';
import { endAllSessions } from '@/lib/domain/users';
import { noContent } from '@/lib/http/respond';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute({ operation: 'endOwnSessions' }, async ({ caller, database }) => {
  const user = await sessionUser(database, caller, 'sign out everywhere');
  await endAllSessions(database, user, now());
  return noContent();
});

const others = otherMethods(['DELETE']);
export const { POST, PUT, PATCH, OPTIONS } = others;
export const GET = others.POST;
